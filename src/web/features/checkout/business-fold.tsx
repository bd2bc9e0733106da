/**
 * A checkout's business details (issue 34), folded away for consumers: open, the company and its
 * tax id (checked as the server checks it, by the store) go on the order's papers. The fields keep
 * what was typed when the fold is closed again; a closed fold sends nothing.
 */
import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { CountryCode } from '../../../domain/countries.ts';
import type { BusinessFoldValues } from '../../../domain/tax/business-fold.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { FormField } from '../accounts/form-field.tsx';

/** The tax id's label and hint in a store: Korea's business number, Australia's ABN, another store's tax id. */
export function taxIdWords(country: CountryCode): { label: string; hint: string } {
  if (country === 'kr') return { label: 'tax.registrations.kr_business', hint: 'business.taxIdHintKr' };
  if (country === 'au') return { label: 'tax.registrations.abn', hint: 'business.taxIdHintAu' };
  return { label: 'tax.registrations.other', hint: 'business.taxIdHintOther' };
}

export function BusinessFields<T extends BusinessFoldValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation('common');
  const { country } = useRootData();
  const field = (name: keyof BusinessFoldValues) => register(name as Parameters<UseFormRegister<T>>[0]);
  const error = (name: keyof BusinessFoldValues) => (errors as FieldErrors<BusinessFoldValues>)[name]?.message;
  const taxId = taxIdWords(country);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-business-fields>
      <FormField className="sm:col-span-2" label={t('business.company')} autoComplete="organization" required error={error('businessCompany')} {...field('businessCompany')} />
      <FormField label={tCommon(taxId.label)} hint={t(taxId.hint)} inputMode={country === 'kr' || country === 'au' ? 'numeric' : undefined} required error={error('businessTaxId')} {...field('businessTaxId')} />
      <FormField label={t('business.email')} type="email" autoComplete="email" optional hint={t('business.emailHint')} error={error('businessEmail')} {...field('businessEmail')} />
      <FormField className="sm:col-span-2" label={t('business.address')} autoComplete="street-address" optional error={error('businessAddress')} {...field('businessAddress')} />
    </div>
  );
}

export function BusinessFold<T extends BusinessFoldValues>({ register, errors, control }: { register: UseFormRegister<T>; errors: FieldErrors<T>; control: Control<T> }) {
  const { t } = useTranslation('orders');
  const { tax } = useRootData();
  const hint = useId();
  const open = useWatch({ control: control as unknown as Control<BusinessFoldValues>, name: 'wantsBusiness' });
  return (
    <div className="sm:col-span-2" data-business-fold>
      <label className="flex items-start gap-3 text-sm font-semibold">
        <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-700" aria-describedby={hint} {...register('wantsBusiness' as Parameters<UseFormRegister<T>>[0])} />
        <span>{t(tax?.invoices ? 'business.toggleTaxInvoice' : 'business.toggle')}</span>
      </label>
      <p id={hint} className="ml-7 mt-1 text-xs text-slate-600">{t('business.hint')}</p>
      {open && <div className="mt-4"><BusinessFields register={register} errors={errors} /></div>}
    </div>
  );
}

/** The checkout form's schema with its business fold, both loaded on the first check (zod stays out of the page). */
export const checkoutWithBusiness = (country: CountryCode) => async () => (await import('../../../domain/validation/orders.ts')).checkoutFormSchemaIn(country);
