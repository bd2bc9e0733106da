/**
 * The built-in sandbox provider's test cards (D29): it stands in for any provider without keys.
 * Approval and decline go to the same success and fail pages, and through the same confirmation,
 * as a real payment.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { SandboxCardChoice } from '../../../domain/contract/payments.ts';
import { sandboxChoicesFor } from '../../../domain/payments.ts';
import { useRootData } from '../../store-context.ts';

export function SandboxCards({ value, onChange }: { value: SandboxCardChoice; onChange: (card: SandboxCardChoice) => void }) {
  const { t } = useTranslation('common');
  const name = useId();
  const { country } = useRootData();
  return (
    <fieldset className="grid gap-2" data-payment-provider="sandbox">
      <legend className="text-sm text-slate-600">{t('checkout.sandboxNotice')}</legend>
      {sandboxChoicesFor(country).map((card) => (
        <label key={card} className="mt-2 flex cursor-pointer items-center gap-3 rounded-2xl border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input type="radio" name={name} value={card} checked={value === card} onChange={() => onChange(card)} className="size-4 accent-brand-700" />
          <span>
            <span className="block font-semibold">{t(`checkout.sandboxCards.${card}.label`)}</span>
            <span className="block text-sm text-slate-600">{t(`checkout.sandboxCards.${card}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
