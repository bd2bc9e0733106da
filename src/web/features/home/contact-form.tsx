/**
 * Contact form (SPEC sections 2, 5, 7, 8): name, email, service and message required, company
 * optional. It validates with the server's own schema (loaded on first use, to keep the first
 * page load small), shows the server's field messages too, and never clears what was typed
 * unless the message was sent.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import { useSearchParams } from 'react-router';
import { findPackage } from '../../../domain/catalog/packages.ts';
import { findService } from '../../../domain/catalog/services.ts';
import { CONTACT_LIMITS, CONTACT_SERVICES } from '../../../domain/validation/contact-fields.ts';
import { MailIcon, SendIcon, SpinnerIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { postJson } from '../../api-client.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { useStore } from '../../store-context.ts';
import { COMPANY } from '../../../domain/site.ts';

type ContactValues = { name: string; email: string; company: string; service: string; message: string };
const EMPTY: ContactValues = { name: '', email: '', company: '', service: '', message: '' };

export function ContactForm() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const { country, lang } = useStore();
  const [searchParams] = useSearchParams();
  const formId = useId();
  const { t: tErrors } = useTranslation('errors');
  const resolver = lazySchemaResolver<ContactValues>(async () => (await import('../../../domain/validation/contact.ts')).contactSchema, tErrors);
  const { register, handleSubmit, setError, reset, setValue, getValues, formState: { errors, isSubmitting } } = useForm<ContactValues>({
    defaultValues: EMPTY,
    resolver,
  });

  // Arriving from a package's "buy now" or a consultation page: start the message for the visitor.
  const packageSlug = searchParams.get('package');
  const consultId = Number(searchParams.get('consult'));
  useEffect(() => {
    if (getValues('message')) return;
    const pkg = packageSlug ? findPackage(packageSlug) : undefined;
    const service = consultId ? findService(consultId) : undefined;
    const start = pkg ? { service: 'premium' as const, message: t('contact.packageMessage', { name: tc(`packages.${pkg.slug}.name`) }) }
      : service ? { service: 'consultation' as const, message: t('contact.consultMessage', { name: tc(`services.${service.slug}.name`) }) }
      : null;
    if (!start) return;
    setValue('service', start.service);
    setValue('message', start.message);
  }, [packageSlug, consultId, getValues, setValue, t, tc]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await postJson<{ message: string }>('/api/contact', values, { lang, country });
    if (result.ok) {
      toast.success(t('contact.successTitle'), result.data.message);
      reset(EMPTY);
      return;
    }
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      if (field in EMPTY) setError(field as keyof ContactValues, { type: 'server', message });
    }
    toast.error(t('contact.errorTitle'), result.error.message || t('contact.genericError'));
  });

  const field = (name: keyof ContactValues) => {
    const error = errors[name]?.message;
    return {
      id: `${formId}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${formId}-${name}-error` : undefined,
      className: `mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-3 text-base shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
        error ? 'border-red-500' : 'border-slate-300'
      }`,
    };
  };
  const errorText = (name: keyof ContactValues) =>
    errors[name]?.message ? (
      <p id={`${formId}-${name}-error`} className="mt-1.5 text-sm text-red-700">{errors[name]?.message}</p>
    ) : null;
  const label = (name: keyof ContactValues, text: string, optional = false) => (
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
        <form noValidate onSubmit={onSubmit} className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="contact-title">
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              {label('name', t('contact.name'))}
              <input {...register('name')} {...field('name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} required />
              {errorText('name')}
            </div>
            <div>
              {label('email', t('contact.email'))}
              <input {...register('email')} {...field('email')} type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.email} required />
              {errorText('email')}
            </div>
            <div>
              {label('company', t('contact.company'), true)}
              <input {...register('company')} {...field('company')} autoComplete="organization" maxLength={CONTACT_LIMITS.company} />
              {errorText('company')}
            </div>
            <div>
              {label('service', t('contact.service'))}
              <select {...register('service')} {...field('service')} required>
                <option value="">{t('contact.servicePlaceholder')}</option>
                {CONTACT_SERVICES.map((service) => (
                  <option key={service} value={service}>{t(`contact.services.${service}`)}</option>
                ))}
              </select>
              {errorText('service')}
            </div>
            <div className="sm:col-span-2">
              {label('message', t('contact.message'))}
              <textarea {...register('message')} {...field('message')} rows={5} maxLength={CONTACT_LIMITS.message} required />
              {errorText('message')}
            </div>
          </div>
          <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? <SpinnerIcon className="size-4 animate-spin" aria-hidden="true" /> : <SendIcon className="size-4" aria-hidden="true" />}
            {isSubmitting ? t('contact.sending') : t('contact.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
