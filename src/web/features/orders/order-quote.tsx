/**
 * A consultation's quote as the customer reads it (D28), on My Page and the private order page:
 * what staff priced, until when, their note; "Pay this quote" through the store's providers (the
 * same dialog as any unpaid order), a question for staff, or a decline with a reason.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { askAboutQuote, declineQuote } from '../../../domain/contract/reviews.ts';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { ORDER_MESSAGE_MAX } from '../../../domain/quotes.ts';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import { apiRequest } from '../../api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { useOpenedByAddress } from './use-opened-by-address.ts';

const PayOrderDialog = lazy(() => import('./pay-order-dialog.tsx'));


type Quote = NonNullable<CustomerOrderView['quote']>;

/** A day and hour in Korea time (D19), where the quote's validity is counted, said so in words. */
function useKstDate() {
  const { lang } = useRootData();
  const { t } = useTranslation('accounts');
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' });
  return (value: string) => `${format.format(new Date(value))} (${t('orders.review.kst')})`;
}

export function OrderQuote({ order, linkKey }: { order: CustomerOrderView; linkKey?: string | undefined }) {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const revalidator = useRevalidator();
  const kst = useKstDate();
  const [paying, setPaying] = useState(false);
  // The fail page's "Pay for this order again" and the kept-order mail land here with it opened.
  useOpenedByAddress(order.orderId, () => setPaying(order.status === 'quoted'));
  const [asking, setAsking] = useState(false);
  const [declining, setDeclining] = useState(false);
  const quote = order.quote as Quote;
  const country = order.country as CountryCode;
  const money = (minor: number) => formatMinor(minor, country);
  const open = order.status === 'quoted';
  const access = linkKey ? { orderKey: linkKey } : {};

  /** Sends a question or a decline; answers the message to show under the box, or null when done. */
  async function send(kind: 'questions' | 'decline', text: string): Promise<string | null> {
    const body = { ...access, ...(kind === 'decline' ? { reason: text } : { message: text }) };
    const result = await apiRequest<Answer<typeof declineQuote> | Answer<typeof askAboutQuote, 201>>('POST', `/api/orders/${order.orderId}/quote/${kind}`, body, store);
    if (!result.ok) {
      const message = result.error.fields?.reason ?? result.error.fields?.message ?? (result.error.message || t('orders.quote.tryAgain'));
      toast.error(() => t(kind === 'decline' ? 'orders.quote.declineFailed' : 'orders.quote.askFailed'), message);
      return message;
    }
    toast.success(() => t(kind === 'decline' ? 'orders.quote.declinedTitle' : 'orders.quote.askedTitle'), result.data.message);
    setAsking(false);
    setDeclining(false);
    void revalidator.revalidate();
    return null;
  }

  return (
    <section className="mt-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4" aria-labelledby={`quote-${order.orderId}`} data-quote={quote.version}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`quote-${order.orderId}`} className="font-semibold text-brand-900">
          {t(quote.version > 1 ? 'orders.quote.titleRevised' : 'orders.quote.title', { version: quote.version })}
        </h3>
        {open && quote.payable && <p className="text-sm text-slate-700" data-quote-valid>{t('orders.quote.validUntil', { date: kst(quote.validUntil) })}</p>}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t('orders.quote.lines')}</caption>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={index} className="border-b border-brand-100">
              <td className="py-1.5 pr-3 align-top break-words">{line.description}</td>
              <td className="py-1.5 text-right align-top font-medium whitespace-nowrap">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold">{t('orders.quote.total')}</th>
            <td className="pt-2 text-right text-base font-bold whitespace-nowrap" data-quote-total>{money(quote.amount)}</td>
          </tr>
          {/* The store's price label, for an order of the store this page is in (another store's rule is not known here). */}
          {store.tax && store.country === order.country && <tr><td colSpan={2} className="pt-1 text-right text-xs text-slate-500" data-tax-label>{store.tax.label}</td></tr>}
        </tfoot>
      </table>
      {quote.note && (
        <div className="mt-3 text-sm">
          <p className="font-semibold">{t('orders.quote.note')}</p>
          <p className="mt-0.5 whitespace-pre-line text-slate-700">{quote.note}</p>
        </div>
      )}
      {open && !quote.payable && <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">{t('orders.quote.expired', { date: kst(quote.validUntil) })}</p>}
      {order.status === 'quote_review' && <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">{t('orders.quote.renewing')}</p>}
      {order.questions.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="font-semibold">{t('orders.quote.yourQuestions')}</p>
          <ul className="mt-1 grid gap-1">
            {order.questions.map((question, index) => (
              <li key={index} className="rounded-lg bg-white/70 p-2"><span className="whitespace-pre-line">{question.body}</span> <span className="text-xs text-slate-500">· {kst(question.at)}</span></li>
            ))}
          </ul>
        </div>
      )}
      {open && (
        <>
          {quote.payable && (
            <p className="mt-3 text-sm text-slate-700">{t('orders.quote.payHint')}</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {quote.payable && (
              <button type="button" className="btn-primary" onClick={() => setPaying(true)} data-pay-quote={order.orderId}>
                {t('orders.quote.pay', { price: money(quote.amount) })}
              </button>
            )}
            {!asking && <button type="button" className="btn-secondary" onClick={() => setAsking(true)} data-ask-quote>{t('orders.quote.ask')}</button>}
            <button type="button" className="btn-secondary" onClick={() => setDeclining(true)} data-decline-quote>{t('orders.quote.decline')}</button>
          </div>
          {asking && (
            <QuestionBox onSend={(text) => send('questions', text)} onCancel={() => setAsking(false)} />
          )}
        </>
      )}
      {paying && (
        <Suspense fallback={null}>
          <PayOrderDialog order={{ ...order, amount: quote.amount, country }} access={access} onClose={() => setPaying(false)} />
        </Suspense>
      )}
      <Modal open={declining} onClose={() => setDeclining(false)} labelledBy={`decline-${order.orderId}`} className="max-w-md">
        <div className="p-6 sm:p-8" data-decline-dialog>
          <h2 id={`decline-${order.orderId}`} className="pr-10 text-xl font-bold">{t('orders.quote.declineTitle')}</h2>
          <p className="mt-3 text-slate-700">{t('orders.quote.declineText')}</p>
          <DeclineBox onSend={(text) => send('decline', text)} onCancel={() => setDeclining(false)} />
        </div>
      </Modal>
    </section>
  );
}

function QuestionBox(props: { onSend: (text: string) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  return <MessageBox {...props} label={t('orders.quote.askLabel')} hint={t('orders.quote.askHint')} submit={t('orders.quote.askSend')} cancel={t('orders.quote.back')} required={t('orders.quote.askRequired')} busy={t('orders.quote.sending')} />;
}

function DeclineBox(props: { onSend: (text: string) => Promise<string | null>; onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  return <MessageBox {...props} label={t('orders.quote.reasonLabel')} submit={t('orders.quote.declineConfirm')} cancel={t('orders.quote.keep')} required={t('orders.quote.reasonRequired')} busy={t('orders.quote.sending')} />;
}

/** A message for staff, typed in a box that keeps its text until the server took it. */
function MessageBox({ label, hint, submit, cancel, required, busy: busyLabel, onSend, onCancel }: {
  label: string; hint?: string; submit: string; cancel: string; required: string; busy: string;
  onSend: (text: string) => Promise<string | null>; onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mt-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!text.trim()) {
          setError(required);
          return;
        }
        setBusy(true);
        const failure = await onSend(text.trim());
        setBusy(false);
        if (failure) setError(failure);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {hint && <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">{hint}</p>}
      <textarea
        id={id} value={text} rows={3} maxLength={ORDER_MESSAGE_MAX} required
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => { setText(event.target.value); setError(null); }}
        className="mt-1 block w-full rounded-xl border border-slate-300 bg-white p-3 text-sm"
      />
      {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>{cancel}</button>
        <button type="submit" className="btn-primary" disabled={busy}>{busy ? busyLabel : submit}</button>
      </div>
    </form>
  );
}
