/**
 * What the contact form does once it is used (contact-form.tsx loads this on the form's first
 * focus, its first submit, or a prefilled start): checks the values with the server's own schema
 * on submit and, once submitted, a field again as it changes; sends them; moves the focus to the
 * first field in error; and starts the message for a visitor who came from a package or a
 * consultation page. The form itself only draws the fields and their errors.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { ContactSent } from '../../../domain/contract/contact.ts';
import { findPackage } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { postJson, type StoreHeaders } from '../../api-client.ts';
import { schemaErrors } from '../../components/lazy-schema-resolver.ts';
import { toast } from '../../components/toast.tsx';
import type { TFunction } from '../../../i18n/translate.ts';

export type ContactValues = { name: string; email: string; company: string; service: string; message: string };
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** What the form hands over: its error state, what it remembers between events, its words and store. */
export interface ContactFormContext {
  setErrors: Dispatch<SetStateAction<ContactErrors>>;
  memory: ContactFormMemory;
  t: TFunction;
  tErrors: TFunction;
  store: StoreHeaders;
}

export interface ContactFormMemory {
  /** Set by a submit, cleared when the message is sent: from then on a field is checked as it changes. */
  submitted: boolean;
  /** Each field's latest check, so a slower earlier one does not overwrite its answer. */
  checks: Map<ContactField, number>;
}

/** In the form's order: the first field in error takes the focus. */
const FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'service', 'message'];
const isField = (name: string): name is ContactField => (FIELDS as readonly string[]).includes(name);

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const control = (form: HTMLFormElement, name: ContactField) => form.elements.namedItem(name) as FieldElement;
const readValues = (form: HTMLFormElement): ContactValues =>
  Object.fromEntries(FIELDS.map((name) => [name, control(form, name).value])) as ContactValues;

/** The server's schema's messages for these values (empty when they pass). */
function checkContact(values: ContactValues, tErrors: TFunction): Promise<ContactErrors> {
  return schemaErrors(async () => (await import('../../../domain/validation/contact.ts')).contactSchema, values, tErrors);
}

/** Checks and sends what the form holds; clears it only once the message is sent. */
export async function submitContact(form: HTMLFormElement, { setErrors, memory, t, tErrors, store }: ContactFormContext): Promise<void> {
  memory.submitted = true;
  const values = readValues(form);
  const found = await checkContact(values, tErrors);
  setErrors(found);
  const first = FIELDS.find((name) => found[name]);
  if (first) {
    control(form, first).focus();
    return;
  }
  const result = await postJson<ContactSent>('/api/contact', values, store);
  if (result.ok) {
    toast.success(() => t('contact.successTitle'), result.data.message);
    form.reset();
    memory.submitted = false;
    return;
  }
  const fields = result.error.fields ?? {};
  setErrors(Object.fromEntries(Object.entries(fields).filter(([field]) => isField(field))));
  toast.error(() => t('contact.errorTitle'), () => result.error.message || t('contact.genericError'));
}

/** After a submit, the changed field is checked again and its error set or cleared. */
export async function recheckField(form: HTMLFormElement, target: EventTarget, { setErrors, memory, tErrors }: ContactFormContext): Promise<void> {
  const name = target instanceof Element ? target.getAttribute('name') ?? '' : '';
  if (!memory.submitted || !isField(name)) return;
  const turn = (memory.checks.get(name) ?? 0) + 1;
  memory.checks.set(name, turn);
  const found = await checkContact(readValues(form), tErrors);
  if (memory.checks.get(name) !== turn) return;
  setErrors((current) => {
    const { [name]: _, ...others } = current;
    return found[name] ? { ...others, [name]: found[name] } : others;
  });
}

/** Starts the message for a visitor arriving from a package's "buy now" or a consultation page, unless they already wrote one. */
export function prefillContact(form: HTMLFormElement, packageSlug: string | null, consultId: number, t: TFunction): void {
  const start = startingMessage(packageSlug, consultId, t);
  if (!start || control(form, 'message').value) return;
  control(form, 'service').value = start.service;
  control(form, 'message').value = start.message;
}

function startingMessage(packageSlug: string | null, consultId: number, t: TFunction): { service: string; message: string } | null {
  const pkg = packageSlug ? findPackage(packageSlug) : undefined;
  if (pkg) return { service: 'premium', message: t('contact.packageMessage', { name: t(`catalog:packages.${pkg.slug}.name`) }) };
  const service = consultId ? findService(consultId) : undefined;
  if (service) return { service: 'consultation', message: t('contact.consultMessage', { name: t(`catalog:services.${service.slug}.name`) }) };
  return null;
}
