/**
 * My Page's order history (SPEC sections 2 and 4): each order with its lines, amount, the status
 * timeline (earlier steps done, the current one in progress, later ones to come; D3), the payment
 * receipt and staff comments. Rendered on the server from the page's loader.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { timelineOf, timelineStates, type OrderStatus } from '../../../domain/statuses.ts';
import type { CustomerOrderView } from '../../../server/features/orders/order-view.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { useRootData } from '../../store-context.ts';
import { OrderBrief } from '../briefs/order-brief.tsx';
import { OrderDeliverables } from '../deliverables/order-deliverables.tsx';
import { CancelOrder } from './cancel-order.tsx';
import { OrderQuote } from './order-quote.tsx';
import { PayOrder } from './pay-order.tsx';

/** Loader data arrives with dates as Date on the server and in the browser alike. */
type OrderItem = CustomerOrderView;

function Timeline({ status, orderType }: { status: OrderStatus; orderType: string }) {
  const { t } = useTranslation();
  const timeline = timelineOf(orderType);
  if (!timeline.includes(status)) return null;
  return (
    <ol className={`mt-4 grid gap-2 ${timeline.length > 5 ? 'sm:grid-cols-6' : 'sm:grid-cols-5'}`} aria-label={t('orderTimeline')}>
      {timelineStates(status, orderType).map((step) => (
        <li key={step.status} data-step={step.status} data-state={step.state} className="flex items-center gap-2 text-sm sm:flex-col sm:items-start">
          <span className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${step.state === 'done' ? 'bg-brand-700 text-white' : step.state === 'current' ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-600' : 'bg-slate-100 text-slate-400'}`}>
            {step.state === 'done' ? <CheckIcon className="size-3.5" aria-hidden="true" /> : timeline.indexOf(step.status) + 1}
          </span>
          <span className={step.state === 'upcoming' ? 'text-slate-500' : 'font-medium'}>
            {t(`orderStatus.${step.status}`)}
            <span className="sr-only"> ({t(`timelineState.${step.state}`)})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export function OrderCard({ order, canCancel = true, linkKey }: { order: OrderItem; canCancel?: boolean; linkKey?: string }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const { t: tBriefs } = useTranslation('briefs');
  const { lang } = useRootData();
  const country = order.country as CountryCode;
  // Korea time (D19) on the server and in the browser alike, so the page hydrates as rendered.
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <li className="rounded-2xl border border-slate-200 p-5" data-order={order.orderId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{order.orderName}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            <span className="break-all font-mono">{order.orderId}</span> · {date.format(new Date(order.createdAt))}
          </p>
        </div>
        <div className="text-right">
          <p className="font-bold">{order.orderType === 'consultation' && order.amount === 0 ? tBriefs('summary.quotePending') : formatMinor(order.amount, country)}</p>
          <p className="mt-1 inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold" data-status={order.status}>{tCommon(`orderStatus.${order.status}`)}</p>
        </div>
      </div>
      {order.lines.length > 1 && (
        <ul className="mt-3 grid gap-1 text-sm text-slate-700">
          {order.lines.map((line) => <li key={`${line.kind}-${line.ref}`}>{line.name} × {line.quantity}</li>)}
        </ul>
      )}
      <Timeline status={order.status} orderType={order.orderType} />
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
      <OrderBrief order={order} linkKey={linkKey} />
      {order.cancelRequestedAt && order.status === 'order_received' && <p className="mt-3 text-sm text-slate-700">{t('orders.cancel.requested')}</p>}
      {canCancel && order.cancel !== 'none' && <CancelOrder orderId={order.orderId} kind={order.cancel} amount={order.amount} country={country} />}
      {order.receiptUrl && (
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
