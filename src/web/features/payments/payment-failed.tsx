/**
 * How a payment that did not go through is shown (SPEC section 8): the reason and the code, with
 * ways back. The reason is always our own sentence for the code (or the server's, when it confirmed
 * the payment itself); what the provider put in the address (SPEC's `message`) is shown below it
 * as plain text, labelled as the payment company's, since anyone can write an address.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
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

export function PaymentFailed({ code, message, providerMessage }: { code: string; message?: string | undefined; providerMessage?: string | undefined }) {
  const { t } = useTranslation('orders');
  const { t: tErrors } = useTranslation('errors');
  const { country } = useRootData();
  const known = REASONS[code];
  const reason = message ?? (known ? tErrors(known) : t('payment.failDefault'));
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20">
      <span className="grid size-14 place-items-center rounded-full bg-red-50 text-2xl font-bold text-red-700" aria-hidden="true">!</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t(code === 'PAY_PROCESS_CANCELED' ? 'payment.cancelTitle' : 'payment.failTitle')}</h1>
      <p className="mt-3 text-slate-800" data-fail-message>{reason}</p>
      {providerMessage && <p className="mt-2 max-w-full break-words text-sm text-slate-600" data-provider-message>{t('payment.providerSaid', { message: providerMessage })}</p>}
      <p className="mt-2 font-mono text-xs text-slate-500" data-fail-code>{t('payment.code', { code: known ? code : 'UNKNOWN_ERROR' })}</p>
      <p className="mt-6 text-sm text-slate-700">{t(code === 'PAY_PROCESS_CANCELED' ? 'payment.cancelNext' : 'payment.failNext')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => (window.history.length > 2 ? window.history.go(-2) : window.location.assign(`/${country}`))}>{t('payment.retry')}</button>
        <Link to={`/${country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}
