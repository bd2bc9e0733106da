/**
 * SPEC's two agreement boxes of every checkout (section 5): the terms with the refund policy, and
 * the collection and use of personal data; both required, each with its link.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Trans, useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { useRootData } from '../../store-context.ts';

interface AgreementValues {
  agreeTerms: boolean;
  agreePrivacy: boolean;
}

export function PaymentAgreements<T extends AgreementValues>({ register, errors, onNavigate }: { register: UseFormRegister<T>; errors: FieldErrors<T>; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { country } = useRootData();
  const boxes = [
    { field: 'agreeTerms', to: `/${country}/terms#refund` },
    { field: 'agreePrivacy', to: `/${country}/terms#privacy` },
  ] as const;
  return (
    <div className="grid gap-3" data-agreements>
      {boxes.map(({ field, to }) => {
        const error = (errors as FieldErrors<AgreementValues>)[field]?.message;
        return (
          <div key={field}>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-700" aria-invalid={error ? true : undefined} {...register(field as Parameters<UseFormRegister<T>>[0])} />
              <span>
                <Trans t={t} i18nKey={`checkout.${field}`} components={{ doc: <Link to={to} onClick={onNavigate} className="font-medium text-brand-800 underline underline-offset-2" /> }} />{' '}
                <span className="text-slate-500">{t('checkout.required')}</span>
              </span>
            </label>
            {error && <p role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
          </div>
        );
      })}
    </div>
  );
}
