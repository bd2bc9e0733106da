/**
 * The store's payment methods as a radio group (D26), in SPEC's order with the first chosen, each
 * with a small mark drawn by us in the provider's colours and SPEC's name (Stripe is "Card"), and
 * a line that says where the payer will be taken to pay. Where a heading above already says
 * "Payment", the legend is for screen readers only.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { PaymentChoice, ProviderName } from '../../../domain/payments.ts';

/** A method's mark: a rounded badge in the provider's colours (no provider artwork is hot-linked, D15). */
export function MethodMark({ choice }: { choice: PaymentChoice }) {
  const common = { width: 44, height: 28, viewBox: '0 0 44 28', 'aria-hidden': true as const, className: 'shrink-0 rounded-md' };
  switch (choice) {
    case 'paypal':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#ffc439" /><text x="22" y="18.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10.5" fontWeight="700" fontStyle="italic"><tspan fill="#003087">Pay</tspan><tspan fill="#0070e0">Pal</tspan></text></svg>
      );
    case 'alipay':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#1677ff" /><circle cx="22" cy="14" r="8.5" fill="#fff" /><text x="22" y="18" textAnchor="middle" fontSize="11" fontWeight="700" fill="#1677ff">支</text></svg>
      );
    case 'wechatpay':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#07c160" /><ellipse cx="19" cy="13" rx="7.5" ry="6" fill="#fff" /><ellipse cx="26" cy="16" rx="6" ry="5" fill="#fff" stroke="#07c160" strokeWidth="1.2" /><circle cx="16.5" cy="12" r="1" fill="#07c160" /><circle cx="21" cy="12" r="1" fill="#07c160" /></svg>
      );
    case 'unionpay':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#f1f5f9" /><path d="M8 5h9l-4 18H4z" fill="#e21836" /><path d="M17 5h9l-4 18h-9z" fill="#00447c" /><path d="M26 5h9l-4 18h-9z" fill="#007b84" /></svg>
      );
    case 'tosspayments':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#0064ff" /><text x="22" y="18" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#fff">toss</text></svg>
      );
    case 'stripe':
      return (
        <svg {...common}><rect width="44" height="28" rx="5" fill="#635bff" /><rect x="9" y="8" width="26" height="13" rx="2" fill="none" stroke="#fff" strokeWidth="1.6" /><path d="M9 12h26" stroke="#fff" strokeWidth="2" /><path d="M13 17.5h6" stroke="#fff" strokeWidth="1.4" /></svg>
      );
  }
}

export function PaymentMethods({ choices, value, onChange, legendHidden = false }: { choices: ReadonlyArray<{ choice: PaymentChoice; provider: ProviderName; test: boolean }>; value: PaymentChoice; onChange: (choice: PaymentChoice) => void; legendHidden?: boolean }) {
  const { t } = useTranslation('common');
  const name = useId();
  const chosen = choices.find((c) => c.choice === value);
  return (
    <div className="grid gap-3">
      <fieldset data-payment-methods>
        <legend className={legendHidden ? 'sr-only' : 'mb-2 text-sm font-semibold'}>{t('payment.methodsLegend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {choices.map(({ choice }) => (
            <label key={choice} className="flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border border-slate-200 px-4 py-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40" data-payment-method={choice}>
              <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} className="size-4 shrink-0 accent-brand-700" />
              <MethodMark choice={choice} />
              <span className="font-semibold">{t(`payment.methods.${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* Where the payer goes next; the sandbox's test cards say what it is themselves. */}
      {(chosen?.provider === 'stripe' || chosen?.provider === 'paypal') && (
        <p className="text-sm text-slate-600" data-payment-redirect>{t(`payment.redirect.${chosen.provider}`)}</p>
      )}
      {/* D29: test keys take no real money, and the page says so. */}
      {chosen?.test && chosen.provider !== 'sandbox' && <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-test-payments>{t('payment.testKeys')}</p>}
    </div>
  );
}
