import { z } from 'zod';
import { V } from './messages.ts';
import { emailField, optionalText, requiredText } from './schema-helpers.ts';

import { CONTACT_LIMITS, CONTACT_SERVICES } from './contact-fields.ts';

/** POST /api/contact (SPEC section 7): name, email, service, message required; company optional. */
export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: emailField(),
  company: optionalText(CONTACT_LIMITS.company),
  service: z.enum(CONTACT_SERVICES, { error: (issue) => (issue.input === undefined || issue.input === '' ? V.required : V.invalidChoice) }),
  message: requiredText(CONTACT_LIMITS.message, { multiline: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;
