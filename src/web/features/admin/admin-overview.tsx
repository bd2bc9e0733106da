/** The overview tab (SPEC sections 2 and 9): counts, revenue per currency, recent orders, quick actions, 30 days of revenue. */
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'react-router';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';
import { formatMinor } from '../../../domain/money.ts';
import { awaitsQuote } from '../../../domain/quotes.ts';
import type { StaffOverview } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { RevenueChart } from './revenue-chart.tsx';

type Overview = StaffOverview;

function Card({ label, children, note }: { label: string; children: React.ReactNode; note: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <div className="mt-2 text-2xl font-extrabold">{children}</div>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
    </div>
  );
}

/** Payments and refunds the providers have not confirmed for an hour, and refunds they refused (D32). */
function StuckMoney({ stuck }: { stuck: Overview['stuckMoney'] }) {
  const { t } = useTranslation('admin');
  const { country, lang } = useRootData();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <section aria-labelledby="stuck" className={`rounded-2xl border p-5 shadow-sm ${stuck.total ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`} data-stuck-money={stuck.total}>
      <h2 id="stuck" className="font-bold">{t('overview.stuck')} <span className="font-normal text-slate-600">({stuck.total})</span></h2>
      <p className="mt-1 text-sm text-slate-600">{t('overview.stuckNote')}</p>
      {stuck.items.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('overview.stuckNone')}</p> : (
        <ul className="mt-3 divide-y divide-amber-200 text-sm">
          {stuck.items.map((item) => (
            <li key={`${item.kind}-${item.orderId}-${String(item.since)}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link to={`/${country}/admin?tab=orders&order=${item.orderId}`} className="font-mono text-brand-800 hover:underline">{item.orderNumber}</Link>
              <span className="font-semibold">{t(`overview.stuckKind.${item.kind}`)}</span>
              <span>{formatCurrencyMinor(item.amount, item.currency)}</span>
              <span className="text-slate-600">{t(`settings.providers.${item.provider}`)} · {t(`overview.stuckStatus.${item.status}`)}</span>
              <span className="w-full text-xs text-slate-500 sm:w-auto">{date.format(new Date(item.since))} {t('kst')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Customers who wrote last in an order's conversation and wait for staff (D34), longest first. */
function AwaitingReply({ waiting }: { waiting: Overview['awaitingReply'] }) {
  const { t } = useTranslation('admin');
  const { country, lang } = useRootData();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <section aria-labelledby="awaiting-reply" className={`rounded-2xl border p-5 shadow-sm ${waiting.count ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white'}`} data-awaiting-reply={waiting.count}>
      <h2 id="awaiting-reply" className="font-bold">{t('overview.waiting')} <span className="font-normal text-slate-600">({waiting.count})</span></h2>
      <p className="mt-1 text-sm text-slate-600">{t('overview.waitingNote')}</p>
      {waiting.oldest.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('overview.waitingNone')}</p> : (
        <ul className="mt-3 divide-y divide-brand-100 text-sm">
          {waiting.oldest.map((item) => (
            <li key={item.orderId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link to={`/${country}/admin?tab=orders&order=${item.orderId}#messages-${item.orderId}`} className="font-mono text-brand-800 hover:underline">{item.orderNumber}</Link>
              <span className="font-semibold">{item.customerName}</span>
              <span className="text-xs text-slate-600">{t('overview.waitingSince', { time: `${date.format(new Date(item.since))} ${t('kst')}` })}</span>
            </li>
          ))}
        </ul>
      )}
      {waiting.count > waiting.oldest.length && (
        <Link to={`/${country}/admin?tab=orders&waiting=true`} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline" data-awaiting-all>
          {t('overview.waitingAll', { count: waiting.count })}
        </Link>
      )}
    </section>
  );
}

export function AdminOverview({ overview }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { country, lang } = useRootData();
  const money = (list: Overview['revenue']) => (list.length
    ? <ul className="grid gap-0.5">{list.map((r) => <li key={r.currency} data-currency={r.currency}>{formatCurrencyMinor(r.amount, r.currency)}</li>)}</ul>
    : <span className="text-slate-600">{t('overview.none')}</span>);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <div className="grid grid-cols-1 gap-6" data-admin-overview>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card label={t('overview.users')} note={`${t('overview.newToday', { count: overview.users.newToday })} · ${t('overview.withPhone', { count: overview.users.withPhone })}`}><span data-total-users>{overview.users.total}</span></Card>
        <Card label={t('overview.orders')} note={t('overview.pending', { count: overview.orders.pending })}><span data-total-orders>{overview.orders.total}</span></Card>
        <Card label={t('overview.revenue')} note={t('overview.perCurrency')}><div data-revenue>{money(overview.revenue)}</div></Card>
        <Card label={t('overview.today')} note={t('overview.completed', { count: overview.orders.completed })}><div data-today>{money(overview.today)}</div></Card>
      </div>

      <section aria-labelledby="growth" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-growth>
        <h2 id="growth" className="font-bold">{t('overview.growth')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('overview.growthNote')}</p>
        {overview.monthly.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('overview.none')}</p> : (
          <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2 xl:grid-cols-3">
            {overview.monthly.map((m) => (
              <li key={m.currency} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl bg-slate-50 px-3 py-2" data-growth-currency={m.currency}>
                <span className="font-semibold">{formatCurrencyMinor(m.thisMonth, m.currency)}</span>
                <span className="text-slate-600">{t('overview.lastMonth', { amount: formatCurrencyMinor(m.lastMonth, m.currency) })}</span>
                <span className={`font-semibold ${m.growth === null ? 'text-slate-600' : m.growth >= 0 ? 'text-emerald-700' : 'text-red-700'}`} data-growth-value>
                  {m.growth === null ? t('overview.growthNew') : `${m.growth > 0 ? '+' : ''}${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(m.growth)}%`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* The pipeline (D28): consultations waiting for a quote, and quotes sent but not yet paid. */}
      <section aria-labelledby="pipeline" className="grid gap-4 sm:grid-cols-2" data-pipeline>
        <h2 id="pipeline" className="sr-only">{t('overview.pipeline')}</h2>
        <Card label={t('overview.toQuote')} note={t('overview.toQuoteNote')}>
          <Link to={`/${country}/admin?tab=orders&status=quote_review`} className="text-brand-800 hover:underline" data-to-quote>{overview.orders.quoteReview}</Link>
        </Card>
        <Card label={t('overview.openQuotes', { count: overview.orders.quoted })} note={t('overview.openQuotesNote')}>
          <Link to={`/${country}/admin?tab=orders&status=quoted`} className="block hover:underline" data-open-quotes={overview.orders.quoted}>{money(overview.openQuotes)}</Link>
        </Card>
      </section>

      <StuckMoney stuck={overview.stuckMoney} />
      <AwaitingReply waiting={overview.awaitingReply} />

      <section aria-labelledby="quick" className="flex flex-wrap items-center gap-2">
        <h2 id="quick" className="sr-only">{t('overview.quick')}</h2>
        {(['orders', 'briefs', 'users', 'inbox'] as const).map((tab) => (
          <Link key={tab} to={`/${country}/admin?tab=${tab}`} className="btn-secondary">
            {tab === 'inbox' ? t('overview.inbox', { count: overview.inbox.unhandled }) : t(`tabs.${tab}`)}
          </Link>
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="recent" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="recent" className="font-bold">{t('overview.recent')}</h2>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {overview.recentOrders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <Link to={`/${country}/admin?tab=orders&order=${order.id}`} className="min-w-0 flex-1 truncate font-medium text-brand-800 hover:underline">{order.staffName}</Link>
                <span className="text-slate-600">{order.customerName}</span>
                {/* A consultation has no price until its quote (D28): not "$0.00". */}
                <span className="font-semibold">{awaitsQuote(order) ? t('orders.quote') : formatMinor(order.amount, order.country as CountryCode)}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold">{tCommon(`orderStatus.${order.status}`)}</span>
                <span className="w-full text-xs text-slate-500">{date.format(new Date(order.createdAt))} {t('kst')}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="chart" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="chart" className="font-bold">{t('overview.chart')}</h2>
          <RevenueChart daily={overview.daily} />
        </section>
      </div>
    </div>
  );
}
