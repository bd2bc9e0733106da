/** Contact form facts the browser needs without loading the schema library. */
export const CONTACT_SERVICES = ['basic', 'premium', 'custom', 'consultation'] as const;

export const CONTACT_LIMITS = { name: 100, email: 254, company: 120, message: 5000 } as const;
