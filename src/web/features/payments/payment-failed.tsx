/**
 * How a payment that did not go through is shown (SPEC section 8): the reason and the code, with
 * ways back. The reason is always our own sentence for the code (or the server's, when it confirmed
 * the payment itself); what the provider put in the address (SPEC's `message`) is shown below it
 * as plain text, labelled as the payment company's, since anyone can write an address. "Try again"
 * goes back to this very order's payment when the page knows the order is the visitor's (issue 33,
 * item 18), never back through the browser's history, which may hold anything.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import { formatMinor } from '../../../domain/money.ts';
import type { KeptOrder } from '../../../domain/orders.ts';
import { useRootData } from '../../store-context.ts';

/** Codes the fail page can explain: Toss's fail-URL codes and ours (errors catalog keys). */
const REASONS: Record<string, string> = {
  PAY_PROCESS_CANCELED: 'payments.processCanceled',
  PAY_PROCESS_ABORTED: 'payments.processAborted',
  REJECT_CARD_COMPANY: 'payments.cardDeclined',
  PAYMENT_FAILED: 'payments.failedGeneric',
  NETWORK_ERROR: 'payments.networkError',
  MISSING_PARAMETERS: 'payments.missingParameters',
  AMOUNT_MISMATCH: 'payments.amountMismatch',
  ORDER_NOT_PAYABLE: 'payments.notPayable',
};

export function PaymentFailed({ code, message, providerMessage, kept }: { code: string; message?: string | undefined; providerMessage?: string | undefined; kept?: KeptOrder | null | undefined }) {
  const { t } = useTranslation('orders');
  const { t: tErrors } = useTranslation('errors');
  const { country, user } = useRootData();
  const known = REASONS[code];
  const reason = message ?? (known ? tErrors(known) : t('payment.failDefault'));
  // Back to this very order's payment; without it (an address that names no order of theirs), My Page or the store.
  const retry = kept?.payable ? kept.payPath : user ? `/${country}/profile` : `/${country}`;
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20">
      <span className="grid size-14 place-items-center rounded-full bg-red-50 text-2xl font-bold text-red-700" aria-hidden="true">!</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t(code === 'PAY_PROCESS_CANCELED' ? 'payment.cancelTitle' : 'payment.failTitle')}</h1>
      <p className="mt-3 text-slate-800" data-fail-message>{reason}</p>
      {providerMessage && <p className="mt-2 max-w-full break-words text-sm text-slate-600" data-provider-message>{t('payment.providerSaid', { message: providerMessage })}</p>}
      <p className="mt-2 font-mono text-xs text-slate-500" data-fail-code>{t('payment.code', { code: known ? code : 'UNKNOWN_ERROR' })}</p>
      <p className="mt-6 text-sm text-slate-700">{t(code === 'PAY_PROCESS_CANCELED' ? 'payment.cancelNext' : 'payment.failNext')}</p>
      {kept?.payable && (
        <div className="mt-6 w-full rounded-2xl border border-slate-200 bg-slate-50 p-4 text-left text-sm sm:p-5" data-kept-order={kept.orderId}>
          <h2 className="text-base font-bold">{t('payment.keptTitle')}</h2>
          <p className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1">
            <span className="min-w-0 break-words">{kept.orderName}</span>
            <span className="font-semibold">{formatMinor(kept.amount, kept.country)}</span>
          </p>
          <p className="mt-1 font-mono text-xs text-slate-600">{t('payment.number')}: {kept.orderId}</p>
          {kept.privatePath
            ? (
              <>
                <p className="mt-3 break-words text-slate-700">{t('payment.keptGuest', { email: kept.mailedTo ?? '' })}</p>
                <Link to={kept.privatePath} className="mt-2 inline-block break-all font-medium text-brand-800 underline underline-offset-2" data-kept-link>{t('payment.keptPage')}</Link>
              </>
            )
            : <p className="mt-3 text-slate-700">{t('payment.keptUser')}</p>}
        </div>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={retry} className="btn-primary" data-retry>{kept?.payable ? t('payment.payAgain') : t('payment.retry')}</Link>
        <Link to={`/${country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}
