/**
 * The orders tab (SPEC sections 2 and 8, D3): filters and search sent to the server as the query,
 * a paged list at most 800 px high, and the open order with its lines, payment, brief and files,
 * history with actors, a status dropdown and the comment the customer reads.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Form, Link, useLocation } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor, minorDigits } from '../../../domain/money.ts';
import { staffStatusChoices } from '../../../domain/lifecycle.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/statuses.ts';
import type { StaffOrder, StaffOrderList } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { EmailAddress } from '../accounts/email-address.tsx';
import { Pagination } from './pagination.tsx';
import { useStaffAction } from './staff-action.ts';
import { StaffBrief } from './staff-brief.tsx';
import { StaffDeliverables } from './staff-deliverables.tsx';
import { StaffQuote } from './staff-quote.tsx';
import { OrderPapers } from '../orders/order-papers.tsx';
import { FilterActions, PeriodFilter, StoreFilter } from './staff-filters.tsx';
import { StaffEvidence } from './staff-evidence.tsx';
import { PROVIDER_NAMES } from '../../../domain/payments.ts';
import { awaitsQuote } from '../../../domain/quotes.ts';
import { ThreadDisclosure } from '../conversation/thread-disclosure.tsx';

type OrderList = StaffOrderList;
type OrderDetail = StaffOrder;

const field = 'mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm';

/**
 * A status is chosen, then saved: a stray arrow key on the list must not change an order (and mail
 * the customer). Only what the lifecycle lets staff do from here is offered (staffStatusChoices):
 * nothing once the order is cancelled, then the menu is disabled and says why.
 */
/** A test payment (the sandbox, test keys): no real money moved, and it is left out of revenue (D29 amended). */
export function TestBadge() {
  const { t } = useTranslation('admin');
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" title={t('orders.testPaymentNote')} data-test-payment>{t('orders.testPayment')}</span>;
}

function StatusSelect({ id, status, paidAt, orderType, label }: { id: string; status: OrderStatus; paidAt: Date | string | null; orderType: string; label: string }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const act = useStaffAction();
  const [chosen, setChosen] = useState<OrderStatus>(status);
  const [busy, setBusy] = useState(false);
  const choices = staffStatusChoices({ status, paidAt, orderType });
  const locked = choices.length === 0;
  const noteId = `status-note-${id}`;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const saved = await act({ method: 'PATCH', path: `/api/orders/${id}/status`, body: { status: chosen } }, { ok: () => t('toast.statusUpdated'), failed: () => t('toast.statusFailed') });
        if (!saved) setChosen(status);
        setBusy(false);
      }}
    >
      <select
        aria-label={label}
        aria-describedby={locked ? noteId : undefined}
        value={chosen}
        disabled={busy || locked}
        data-status-select={id}
        className="min-h-11 max-w-full rounded-xl border border-slate-300 bg-white px-2 text-sm font-semibold disabled:bg-slate-50 disabled:text-slate-600"
        onChange={(event) => setChosen(event.target.value as OrderStatus)}
      >
        {/* The order's own status first, then what may follow it. */}
        {[status, ...choices].map((s) => <option key={s} value={s}>{tCommon(`orderStatus.${s}`)}</option>)}
      </select>
      {locked
        ? <p id={noteId} className="text-xs text-slate-600" data-status-locked>{t('orders.statusLocked')}</p>
        : <button type="submit" className="btn-secondary" disabled={busy || chosen === status} data-save-status={id}>{t('orders.saveStatus')}</button>}
    </form>
  );
}

function Comments({ id, comments }: { id: string; comments: string | null }) {
  const { t } = useTranslation('admin');
  const act = useStaffAction();
  const [text, setText] = useState(comments ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="grid gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        await act({ method: 'PATCH', path: `/api/orders/${id}/comments`, body: { comments: text } }, { ok: () => t('toast.commentUpdated'), failed: () => t('toast.commentFailed') });
        setBusy(false);
      }}
    >
      <label htmlFor={`comments-${id}`} className="text-sm font-semibold">{t('orders.comments')}</label>
      <textarea id={`comments-${id}`} rows={3} maxLength={5000} value={text} onChange={(event) => setText(event.target.value)} className="block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm" />
      <button type="submit" className="btn-secondary justify-self-start" disabled={busy}>{t('orders.saveComment')}</button>
    </form>
  );
}

/** Cancel with the refund the policy allows, or less (D21): the amount is typed in the currency's major unit. */
function StaffCancel({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('admin');
  const act = useStaffAction();
  const { order, cancel } = detail;
  const country = order.country as CountryCode;
  const digits = minorDigits(country);
  const maxMinor = cancel.kind === 'cancel' ? cancel.maxMinor : 0;
  const [amount, setAmount] = useState(String(maxMinor / 10 ** digits));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (cancel.kind === 'none') return null;
  const refundMinor = Math.round(Number(amount) * 10 ** digits);
  const valid = Number.isFinite(refundMinor) && refundMinor >= 0 && refundMinor <= maxMinor && reason.trim().length > 0;
  return (
    <form
      className="grid gap-2 rounded-xl border border-red-200 bg-red-50/50 p-3"
      data-staff-cancel
      onSubmit={async (event) => {
        event.preventDefault();
        if (!valid) return;
        setBusy(true);
        await act({ method: 'POST', path: `/api/admin/orders/${order.id}/cancel`, body: { refundAmount: refundMinor, reason } }, {
          ok: () => t(refundMinor > 0 ? 'toast.refunded' : 'toast.cancelled'), failed: () => t('toast.cancelFailed'),
          // The provider has not confirmed the refund yet: the order is cancelled once it does.
          okFor: (answer) => ((answer as { status?: string }).status === 'refunding' ? () => t('toast.refunding') : undefined),
        });
        setBusy(false);
      }}
    >
      <h3 className="font-semibold">{t('orders.cancelTitle')}</h3>
      <p className="text-slate-700">{maxMinor > 0 ? t('orders.cancelPolicy', { percent: cancel.maxPercent, amount: formatMinor(maxMinor, country) }) : t('orders.cancelNoRefund')}</p>
      {maxMinor > 0 && (
        <label className="text-sm font-semibold">{t('orders.refundAmount')}
          <input type="number" min={0} max={maxMinor / 10 ** digits} step={1 / 10 ** digits} value={amount} onChange={(event) => setAmount(event.target.value)} className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm" />
        </label>
      )}
      <label className="text-sm font-semibold">{t('orders.reason')}
        <textarea rows={2} maxLength={500} required value={reason} onChange={(event) => setReason(event.target.value)} className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm" />
      </label>
      <button type="submit" className="btn-secondary justify-self-start border-red-300 text-red-800" disabled={busy || !valid}>
        {refundMinor > 0 && valid ? t('orders.refundAction', { amount: formatMinor(refundMinor, country) }) : t('orders.cancelAction')}
      </button>
    </form>
  );
}

function Detail({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { lang, country } = useRootData();
  const location = useLocation();
  const { order } = detail;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  const closeParams = new URLSearchParams(location.search);
  closeParams.delete('order');
  // A change with no account behind it is the customer's, a link holder's, the provider's or the
  // store's own; a staff member's whose account is gone shows as that.
  const actorLabel = (by: OrderDetail['history'][number]['by']) =>
    by === 'staff' ? t('orders.actors.deletedAccount') : by && by !== 'system' ? t(`orders.actors.${by}`) : t('orders.system');
  return (
    <section aria-labelledby="order-detail" className="rounded-2xl border-2 border-brand-100 bg-white p-5 shadow-sm" data-order-detail={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="order-detail" className="text-lg font-bold">{order.staffName}</h2>
          <p className="break-all font-mono text-xs text-slate-500">{order.orderId}</p>
        </div>
        <Link to={`/${country}/admin?${closeParams.toString()}`} className="btn-secondary">{t('orders.close')}</Link>
      </div>
      <div className="mt-4 grid grid-cols-1 gap-5 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <StatusSelect key={order.status} id={order.id} status={order.status} paidAt={order.payment.paidAt} orderType={order.orderType} label={t('orders.status')} />
            {order.cancelRequestedAt && <span className="text-red-700">{t('orders.cancelRequested')}</span>}
          </div>
          <dl className="grid gap-1">
            <div className="flex flex-wrap gap-2"><dt className="text-slate-600">{t('orders.customer')}</dt><dd className="min-w-0 break-words">{order.erased ? <span className="text-slate-700" data-erased>{t('orders.erased')}</span> : <>{order.customerName} · <EmailAddress address={order.customerEmail} /> · {order.customerPhone ?? '—'}</>}{order.isGuestOrder ? ` · ${t('orders.guest')}` : ''}</dd></div>
            {order.business && (
              <div className="flex flex-wrap gap-2" data-staff-business><dt className="text-slate-600">{t('orders.business')}</dt><dd className="min-w-0 break-words">{[order.business.company, order.business.taxId, order.business.address, order.business.email].filter(Boolean).join(' · ')}</dd></div>
            )}
            {order.requirements && <div className="flex flex-wrap gap-2"><dt className="text-slate-600">{t('orders.requirements')}</dt><dd className="whitespace-pre-line">{order.requirements}</dd></div>}
          </dl>
          <div>
            <h3 className="font-semibold">{t('orders.lines')}</h3>
            <ul className="mt-1 grid gap-1">
              {/* A consultation's line has no price of its own: the quote below prices it (D28). */}
              {detail.lines.map((line) => <li key={`${line.kind}-${line.ref}`} className="flex justify-between gap-3"><span>{line.staffName} × {line.quantity}</span>{order.orderType !== 'consultation' && <span>{formatMinor(line.amount, order.country)}</span>}</li>)}
            </ul>
            <p className="mt-1 flex justify-between border-t border-slate-100 pt-1 font-bold"><span>{t('orders.amount')}</span><span>{awaitsQuote(order) ? t('orders.quote') : formatMinor(order.amount, order.country as CountryCode)}</span></p>
          </div>
          <div>
            <h3 className="font-semibold">{t('orders.payment')}</h3>
            {order.payment.paidAt ? (
              <p>{order.payment.test && <><TestBadge />{' '}</>}{(PROVIDER_NAMES as readonly (string | null)[]).includes(order.payment.provider) ? t(`settings.providers.${order.payment.provider}`) : order.payment.provider} · {order.payment.method ?? '—'} · {date.format(new Date(order.payment.paidAt))} {t('kst')}{order.payment.receiptUrl && <> · <a href={order.payment.receiptUrl} target="_blank" rel="noreferrer" className="text-brand-800 underline">{t('orders.receipt')}</a></>}</p>
            ) : <p className="text-slate-600">{t('orders.notPaid')}</p>}
            {detail.refunds.map((r) => (
              <p key={String(r.at)} data-refund-status={r.status}>
                {tCommon('labelled', { label: t('orders.refunds'), value: formatMinor(r.amount, order.country as CountryCode) })} · {r.reason}
                {r.status !== 'succeeded' && <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${r.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}>{t(`orders.refundStatus.${r.status}`)}</span>}
              </p>
            ))}
          </div>
          {/* The papers the customer has (issue 34), as they read them. */}
          <OrderPapers papers={detail.papers} className="" />
          <StaffEvidence evidence={detail.evidence} refunded={detail.refunds.some((r) => r.status === 'succeeded')} />
          {/* Saved elsewhere meanwhile: the box shows what the customer now reads. */}
          <Comments key={order.adminComments ?? ''} id={order.id} comments={order.adminComments} />
          {/* The conversation with the customer, and staff's private notes (D34). */}
          <ThreadDisclosure thread={{ side: 'staff', orderId: order.id }} className="mt-0" />
          {/* A new allowance (the status changed) starts the form afresh. */}
          <StaffCancel key={detail.cancel.kind === 'cancel' ? detail.cancel.maxMinor : -1} detail={detail} />
        </div>
        <div className="grid min-w-0 content-start gap-4 text-sm">
          <div>
            <h3 className="font-semibold">{t('orders.brief')}</h3>
            {detail.brief ? <StaffBrief brief={detail.brief} /> : <p className="text-slate-600">{t('orders.noBrief')}</p>}
          </div>
          <StaffQuote detail={detail} />
          <StaffDeliverables detail={detail} />
          <div>
            <h3 className="font-semibold">{t('orders.history')}</h3>
            <ol className="mt-1 grid gap-1" data-history>
              {detail.history.map((h, i) => (
                <li key={i} className="flex flex-wrap gap-x-2">
                  <span className="text-slate-500">{date.format(new Date(h.at))}</span>
                  <span>{h.from ? `${tCommon(`orderStatus.${h.from}`)} → ` : ''}{tCommon(`orderStatus.${h.to}`)}</span>
                  <span className="min-w-0 text-slate-500">({h.actor ? <EmailAddress address={h.actor} /> : actorLabel(h.by)})</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </section>
  );
}

export function AdminOrders({ list, filters, open }: { list: OrderList; filters: Record<string, string | undefined>; open: OrderDetail | null }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { lang, country } = useRootData();
  const location = useLocation();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  const openLink = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set('order', id);
    return `/${country}/admin?${params.toString()}`;
  };
  return (
    <div className="grid grid-cols-1 gap-5">
      <Form method="get" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <input type="hidden" name="tab" value="orders" />
        <label className="text-sm font-semibold lg:col-span-2">{t('orders.search')}
          <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder={t('orders.searchPlaceholder')} className={field} />
        </label>
        <label className="text-sm font-semibold">{t('orders.status')}
          <select name="status" defaultValue={filters.status ?? ''} className={field}>
            <option value="">{t('orders.allStatuses')}</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{tCommon(`orderStatus.${s}`)}</option>)}
          </select>
        </label>
        <StoreFilter value={filters.country} />
        <PeriodFilter from={filters.from} to={filters.to} />
        <FilterActions tab="orders">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input type="checkbox" name="waiting" value="true" defaultChecked={filters.waiting === 'true'} className="size-5 shrink-0 accent-brand-700" />
            {t('orders.waitingOnly')}
          </label>
        </FilterActions>
      </Form>

      {open && <Detail key={open.order.id} detail={open} />}

      <section aria-label={t('tabs.orders')}>
        <p className="text-sm text-slate-600" data-orders-total>{t('orders.total', { count: list.total })}</p>
        {list.orders.length === 0 ? <p className="mt-3 text-slate-600">{t('orders.empty')}</p> : (
          <ul className="mt-2 max-h-[800px] divide-y divide-slate-100 overflow-y-auto rounded-2xl border border-slate-200 bg-white" data-orders-list>
            {list.orders.map((order) => (
              <li key={order.id} className="grid gap-2 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center" data-admin-order={order.orderId}>
                <div className="min-w-0">
                  <Link to={openLink(order.id)} className="font-semibold text-brand-800 hover:underline">{order.staffName}</Link>
                  {order.erased
                    ? <p className="truncate text-slate-600" data-erased>{t('orders.erased')}</p>
                    : <p className="truncate text-slate-600" title={`${order.customerName} · ${order.customerEmail}`}>{order.customerName} · {order.customerEmail}</p>}
                  <p className="text-xs text-slate-500"><span className="font-mono">{order.orderId}</span> · {tCommon(`country.${order.country}`)} · {date.format(new Date(order.createdAt))} {t('kst')}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                  {order.unread > 0 && <Link to={`${openLink(order.id)}#messages-${order.id}`} className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-unread={order.unread}>{t('orders.unread', { count: order.unread })}</Link>}
                  {order.awaitingReplySince && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900" data-awaiting-reply>{t('orders.awaiting')}</span>}
                  {order.testPayment && <TestBadge />}
                  <span className="font-semibold">{awaitsQuote(order) ? t('orders.quote') : formatMinor(order.amount, order.country as CountryCode)}</span>
                  <StatusSelect key={order.status} id={order.id} status={order.status} paidAt={order.paidAt} orderType={order.orderType} label={tCommon('labelled', { label: t('orders.status'), value: order.staffName })} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
      </section>
    </div>
  );
}
