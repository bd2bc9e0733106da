/**
 * My Page's order history (SPEC sections 2 and 4): each order with its lines, amount, the status
 * timeline of its kind (earlier steps done, the current one in progress, later ones to come; D3;
 * a cancelled order's up to where it stopped, with what was refunded), the payment receipt, staff
 * comments and the customer's own revision requests. Rendered on the server from the page's loader.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { timelineOf, timelineStates } from '../../../domain/statuses.ts';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import { awaitsQuote } from '../../../domain/quotes.ts';
import { CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { useRootData } from '../../store-context.ts';
import { OrderBrief } from '../briefs/order-brief.tsx';
import { OrderDeliverables } from '../deliverables/order-deliverables.tsx';
import { ThreadDisclosure } from '../conversation/thread-disclosure.tsx';
import { CancelOrder } from './cancel-order.tsx';
import { OrderBusiness } from './order-business.tsx';
import { OrderEvidence } from './order-evidence.tsx';
import { OrderPapers } from './order-papers.tsx';
import { OrderQuote } from './order-quote.tsx';
import { PayOrder } from './pay-order.tsx';
import { useLocalDateTime } from '../../components/use-local-time.ts';

/** Loader data arrives with dates as Date on the server and in the browser alike; My Page's orders say what is unread. */
type OrderItem = CustomerOrderView & { unread?: number };

/** Column counts written out, so the style sheet has each (a step per column from 640 px). */
const COLUMNS: Record<number, string> = { 1: 'sm:grid-cols-1', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4', 5: 'sm:grid-cols-5', 6: 'sm:grid-cols-6', 7: 'sm:grid-cols-7' };

/**
 * The order's timeline, by its kind (a consultation has the quote's steps, a fixed-price order
 * none): earlier steps done, the current one in progress, later ones to come. A cancelled order
 * keeps the steps it reached (its history) and ends where it stopped.
 */
function Timeline({ order }: { order: OrderItem }) {
  const { t } = useTranslation();
  const { t: tAccounts } = useTranslation('accounts');
  const timeline = timelineOf(order.orderType);
  if (order.status !== 'cancelled' && !timeline.includes(order.status)) return null;
  const steps = timelineStates(order.status, order.orderType, order.history);
  return (
    <ol className={`mt-4 grid gap-2 ${COLUMNS[Math.max(timeline.length, steps.length)] ?? ''}`} aria-label={t('orderTimeline')} data-timeline>
      {steps.map((step, index) => (
        <li key={step.status} data-step={step.status} data-state={step.state} className="flex items-center gap-2 text-sm sm:flex-col sm:items-start">
          <span className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${step.state === 'done' ? 'bg-brand-700 text-white' : step.state === 'current' ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-600' : step.state === 'stopped' ? 'bg-red-100 text-red-800 ring-2 ring-red-600' : 'bg-slate-100 text-slate-500'}`}>
            {step.state === 'done' ? <CheckIcon className="size-3.5" aria-hidden="true" /> : step.state === 'stopped' ? <CloseIcon className="size-3.5" aria-hidden="true" /> : index + 1}
          </span>
          <span className={step.state === 'upcoming' ? 'text-slate-600' : step.state === 'stopped' ? 'font-medium text-red-800' : 'font-medium'}>
            {t(`orderStatus.${step.status}`)}
            <span className="sr-only"> ({step.state === 'stopped' ? tAccounts('orders.timelineStopped') : t(`timelineState.${step.state}`)})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What a cancelled, paid order gave back (D21), and when. */
function Refund({ order, country }: { order: OrderItem; country: CountryCode }) {
  const { t } = useTranslation('accounts');
  const { lang } = useRootData();
  if (order.status !== 'cancelled' || !order.paidAt) return null;
  const last = order.refunds.at(-1);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  return (
    <p className="mt-4 rounded-xl bg-slate-50 p-3 text-sm" data-refund={order.refunded}>
      <span className="font-semibold">{t('orders.refunded')}</span>{' '}
      {formatMinor(order.refunded, country)}
      {last && <span className="text-slate-600"> · {date.format(new Date(last.at))}</span>}
      {order.refunded === 0 && <span className="mt-1 block text-slate-600">{t('orders.noRefund')}</span>}
    </p>
  );
}

/** The revision requests the customer sent about drafts, in their own words. */
function Revisions({ order }: { order: OrderItem }) {
  const { t } = useTranslation('accounts');
  const { lang } = useRootData();
  const date = useLocalDateTime(lang);
  if (order.revisions.length === 0) return null;
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-3 text-sm" data-revision-requests>
      <h3 className="font-semibold">{t('orders.revisions.title')}</h3>
      <ol className="mt-2 grid gap-2">
        {order.revisions.map((r) => (
          <li key={r.round} data-revision={r.round}>
            <p className="text-xs text-slate-600">{t('orders.revisions.round', { round: r.round })} · {date.format(new Date(r.at))}</p>
            <p className="mt-0.5 whitespace-pre-line break-words">{r.note}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function OrderCard({ order, canCancel = true, linkKey }: { order: OrderItem; canCancel?: boolean; linkKey?: string }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const { t: tBriefs } = useTranslation('briefs');
  const { lang } = useRootData();
  const country = order.country as CountryCode;
  // The visitor's own clock, its zone named (Korea time until the page has hydrated).
  const date = useLocalDateTime(lang);
  return (
    <li className="rounded-2xl border border-slate-200 p-5" data-order={order.orderId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{order.orderName}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            <span className="break-all font-mono">{order.orderId}</span> · {date.format(new Date(order.createdAt))}
          </p>
        </div>
        {/* On a phone the amount and the status take a row of their own, not a narrow box beside the name (issue 33, item 31). */}
        <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:w-auto sm:flex-col sm:items-end sm:gap-1">
          <p className="font-bold" data-order-amount>{awaitsQuote(order) ? tBriefs('summary.quotePending') : formatMinor(order.amount, country)}</p>
          <p className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${order.status === 'cancelled' ? 'bg-red-50 text-red-800' : 'bg-slate-100'}`} data-status={order.status}>{tCommon(`orderStatus.${order.status}`)}</p>
        </div>
      </div>
      {order.lines.length > 1 && (
        <ul className="mt-3 grid gap-1 text-sm text-slate-700">
          {order.lines.map((line) => <li key={`${line.kind}-${line.ref}`}>{line.name} × {line.quantity}</li>)}
        </ul>
      )}
      <Timeline order={order} />
      <Refund order={order} country={country} />
      {/* Unpaid (the payer gave up on the provider's page, or a card was declined): pay this order, not a new one. */}
      {order.status === 'pending' && <PayOrder order={{ ...order, country }} access={linkKey ? { orderKey: linkKey } : {}} />}
      {/* A consultation's quote (D28): pay it, ask about it, or decline it. */}
      {order.quote && <OrderQuote order={order} linkKey={linkKey} />}
      {order.adminComments && (
        <div className="mt-4 rounded-xl bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-800">{t('orders.comment')}</p>
          <p className="mt-1 whitespace-pre-line">{order.adminComments}</p>
        </div>
      )}
      <OrderDeliverables order={order} linkKey={linkKey} />
      <Revisions order={order} />
      <ThreadDisclosure thread={{ side: 'customer', orderNumber: order.orderId, linkKey }} unread={order.unread ?? 0} />
      <OrderBrief order={order} linkKey={linkKey} />
      {order.cancelRequestedAt && order.status === 'order_received' && <p className="mt-3 text-sm text-slate-700">{t('orders.cancel.requested')}</p>}
      {canCancel && order.cancel !== 'none' && <CancelOrder orderId={order.orderId} kind={order.cancel} amount={order.amount} country={country} />}
      <OrderBusiness order={order} linkKey={linkKey} />
      <OrderPapers papers={order.papers} />
      <OrderEvidence orderId={order.orderId} evidence={order.evidence} linkKey={linkKey} />
      {/* A Korean card payment's receipt is its card slip, linked with its evidence above. */}
      {order.receiptUrl && !order.evidence?.cardSlipUrl && (
        <a href={order.receiptUrl} target="_blank" rel="noreferrer" className="mt-3 inline-block text-sm font-medium text-brand-800 underline underline-offset-2">{t('orders.receipt')}</a>
      )}
    </li>
  );
}

export function OrderHistory({ orders }: { orders: OrderItem[] }) {
  const { t } = useTranslation('accounts');
  const { country } = useRootData();
  return (
    <section aria-labelledby="order-history" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="order-history" className="text-lg font-bold">{t('profile.orders')}</h2>
      {orders.length === 0 ? (
        <div className="mt-4">
          <p className="text-slate-600">{t('profile.ordersEmpty')}</p>
          <Link to={`/${country}/templateshop`} className="btn-secondary mt-4">{t('profile.browseTemplates')}</Link>
        </div>
      ) : (
        <ul className="mt-5 grid gap-4">{orders.map((order) => <OrderCard key={order.id} order={order} />)}</ul>
      )}
    </section>
  );
}
