/**
 * Contact form (SPEC sections 2, 5, 7, 8): name, email, service and message required, company
 * optional. It validates with the server's own schema (loaded on first use, to keep the first
 * page load small), shows the server's field messages too, and never clears what was typed
 * unless the message was sent.
 *
 * The fields are the browser's own (uncontrolled): what was typed before the page's script
 * arrived is what gets checked and sent, and no form library is downloaded for five fields. As
 * the store's other forms do (react-hook-form's defaults), it checks on submit, moves the focus
 * to the first field in error, and once submitted checks a field again as it changes.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSearchParams } from 'react-router';
import { CONTACT_LIMITS, CONTACT_SERVICES } from '../../../domain/validation/contact-fields.ts';
import { MailIcon } from '../../components/icons.tsx';
import { SendIcon, SpinnerIcon } from './lower-section-icons.tsx';
import { useStore } from '../../store-context.ts';
import { COMPANY } from '../../../domain/site.ts';
import type { ContactErrors as Errors, ContactField as Field, ContactFormContext, ContactFormMemory } from './contact-send.ts';

/** Checking, sending and prefilling arrive with the form's first use (contact-send.ts): /kr's first load carries only the fields. */
const loadSend = () => import('./contact-send.ts');

export function ContactForm() {
  const { t, whenLoaded } = useTranslation(['home', 'catalog']);
  const { t: tErrors } = useTranslation('errors');
  const { country, lang } = useStore();
  const [searchParams] = useSearchParams();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // The form's sending code could not be downloaded (offline since the page loaded, say).
  const [unreachable, setUnreachable] = useState(false);
  // Read on every render, so the sentence is in the page's own messages: it is needed exactly
  // when nothing more can be downloaded.
  const unreachableText = t('contact.unreachable');
  const memory = useRef<ContactFormMemory>({ submitted: false, checks: new Map() });
  const context = (): ContactFormContext => ({ setErrors, memory: memory.current, t, tErrors, store: { lang, country } });

  // Arriving from a package's "buy now" or a consultation page: start the message for the visitor.
  const packageSlug = searchParams.get('package');
  const consultId = Number(searchParams.get('consult'));
  useEffect(() => {
    if (!packageSlug && !consultId) return;
    // On a first visit this runs as the page hydrates: these sentences were not in its render.
    void Promise.all([loadSend(), whenLoaded()]).then(([{ prefillContact }]) => {
      if (formRef.current) prefillContact(formRef.current, packageSlug, consultId, t);
    });
  }, [packageSlug, consultId, t, whenLoaded]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    setUnreachable(false);
    void loadSend()
      .then(({ submitContact }) => submitContact(form, context()), () => setUnreachable(true))
      .finally(() => setSubmitting(false));
  };

  const recheck = (target: EventTarget) => {
    const form = formRef.current;
    // Without the module there is nothing to recheck with; the next submit says why.
    if (form) void loadSend().then(({ recheckField }) => recheckField(form, target, context()), () => {});
  };

  const field = (name: Field) => {
    const error = errors[name];
    return {
      id: `${formId}-${name}`,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${formId}-${name}-error` : undefined,
      className: `mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-3 text-base shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
        error ? 'border-red-500' : 'border-slate-300'
      }`,
    };
  };
  const errorText = (name: Field) =>
    errors[name] ? (
      <p id={`${formId}-${name}-error`} className="mt-1.5 text-sm text-red-700">{errors[name]}</p>
    ) : null;
  const label = (name: Field, text: string, optional = false) => (
    <label htmlFor={`${formId}-${name}`} className="text-sm font-semibold text-ink">
      {text}
      {optional ? <span className="ml-1 font-normal text-slate-500">({t('contact.optional')})</span> : <span className="ml-0.5 text-red-700" aria-hidden="true">*</span>}
    </label>
  );

  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-slate-50 py-20">
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <h2 id="contact-title" className="section-title">{t('contact.title')}</h2>
          <p className="section-lead">{t('contact.subtitle')}</p>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
            <MailIcon className="size-4" aria-hidden="true" />
            <a href={`mailto:${COMPANY.email}`} className="underline underline-offset-2">{COMPANY.email}</a>
          </p>
        </div>
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={(event) => recheck(event.target)} onFocus={() => void loadSend().catch(() => {})} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="contact-title">
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              {label('name', t('contact.name'))}
              <input {...field('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} required />
              {errorText('name')}
            </div>
            <div>
              {label('email', t('contact.email'))}
              <input {...field('email')} type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.email} required />
              {errorText('email')}
            </div>
            <div>
              {label('company', t('contact.company'), true)}
              <input {...field('company')} autoComplete="organization" maxLength={CONTACT_LIMITS.company} />
              {errorText('company')}
            </div>
            <div>
              {label('service', t('contact.service'))}
              <select {...field('service')} required>
                <option value="">{t('contact.servicePlaceholder')}</option>
                {CONTACT_SERVICES.map((service) => (
                  <option key={service} value={service}>{t(`contact.services.${service}`)}</option>
                ))}
              </select>
              {errorText('service')}
            </div>
            <div className="sm:col-span-2">
              {label('message', t('contact.message'))}
              <textarea {...field('message')} rows={5} maxLength={CONTACT_LIMITS.message} required />
              {errorText('message')}
            </div>
          </div>
          <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? <SpinnerIcon className="size-4 animate-spin" aria-hidden="true" /> : <SendIcon className="size-4" aria-hidden="true" />}
            {isSubmitting ? t('contact.sending') : t('contact.submit')}
          </button>
          {unreachable ? <p role="alert" className="mt-3 text-sm text-red-700">{unreachableText}</p> : null}
        </form>
      </div>
    </section>
  );
}
