/**
 * The built-in sandbox provider's payment area: choose a test card, then pay. Approval and decline
 * go to the same success and fail pages, and through the same confirmation, as a real payment.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';
import type { CreatedOrder } from './payment-step.ts';

export const SANDBOX_CARD_CHOICES = ['approved', 'declined', 'rejectedAtConfirm'] as const;
export type SandboxCardChoice = (typeof SANDBOX_CARD_CHOICES)[number];

export function SandboxCards({ value, onChange }: { value: SandboxCardChoice; onChange: (card: SandboxCardChoice) => void }) {
  const { t } = useTranslation('common');
  const name = useId();
  return (
    <fieldset className="grid gap-2" data-payment-provider="sandbox">
      <legend className="text-sm text-slate-600">{t('checkout.sandboxNotice')}</legend>
      {SANDBOX_CARD_CHOICES.map((card) => (
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

/** Approves or declines with the chosen test card and leaves for the success or fail page. */
export async function paySandbox(order: CreatedOrder, card: SandboxCardChoice, urls: { successUrl: string; failUrl: string }, store: StoreHeaders): Promise<void> {
  const result = await apiRequest<{ paymentKey: string; amount: number }>('POST', '/api/payments/sandbox/authorize', { orderId: order.orderId, card }, store);
  if (result.ok) {
    const query = new URLSearchParams({ paymentType: 'NORMAL', orderId: order.orderId, paymentKey: result.data.paymentKey, amount: String(result.data.amount) });
    window.location.assign(`${urls.successUrl}?${query}`);
    return;
  }
  // As a card company's decline comes back from Toss's payment window.
  const query = new URLSearchParams({ code: 'REJECT_CARD_COMPANY', message: result.error.message, orderId: order.orderId });
  window.location.assign(`${urls.failUrl}?${query}`);
}
