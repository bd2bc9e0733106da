/**
 * What the contact form does once it is used (contact-form.tsx loads this on the first submit, a
 * change after one, or a prefilled start): checks the values with the server's own schema, sends
 * them, and starts the message for a visitor who came from a package or a consultation page.
 */
import type { ContactSent } from '../../../domain/contract/contact.ts';
import { findPackage } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { postJson, type StoreHeaders } from '../../api-client.ts';
import { schemaErrors } from '../../components/lazy-schema-resolver.ts';
import type { TFunction } from '../../../i18n/translate.ts';

export type ContactValues = { name: string; email: string; company: string; service: string; message: string };
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The server's schema's messages for these values (empty when they pass). */
export function checkContact(values: ContactValues, tErrors: TFunction): Promise<ContactErrors> {
  return schemaErrors(async () => (await import('../../../domain/validation/contact.ts')).contactSchema, values, tErrors);
}

export type SendOutcome = { sent: true; message: string } | { sent: false; fields: Record<string, string>; message: string };

export async function sendContact(values: ContactValues, store: StoreHeaders): Promise<SendOutcome> {
  const result = await postJson<ContactSent>('/api/contact', values, store);
  if (result.ok) return { sent: true, message: result.data.message };
  return { sent: false, fields: result.error.fields ?? {}, message: result.error.message };
}

/** The service and first words of a message for a visitor arriving from a package or a service's consultation. */
export function startingMessage(packageSlug: string | null, consultId: number, t: TFunction): { service: string; message: string } | null {
  const pkg = packageSlug ? findPackage(packageSlug) : undefined;
  if (pkg) return { service: 'premium', message: t('contact.packageMessage', { name: t(`catalog:packages.${pkg.slug}.name`) }) };
  const service = consultId ? findService(consultId) : undefined;
  if (service) return { service: 'consultation', message: t('contact.consultMessage', { name: t(`catalog:services.${service.slug}.name`) }) };
  return null;
}
