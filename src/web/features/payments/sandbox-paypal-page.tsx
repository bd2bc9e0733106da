/**
 * /{country}/payment/sandbox-paypal: the built-in sandbox standing in for PayPal (D29, issue 33
 * item 22) shows PayPal's shape, an approval page, instead of test cards: the payer approves (our
 * success page confirms it, as after PayPal) or cancels (our fail page, as PayPal's cancel). Only a
 * key the server signed for this order is shown; both ways out are this store's own pages, built
 * from the checked key, never from an address in the query.
 */
import { data, Link } from 'react-router';
import type { Route } from './+types/sandbox-paypal-page';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';
import { loaders } from '../../auth.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useTranslation } from '../../i18n/react.tsx';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const paymentKey = query.get('paymentKey') ?? '';
  const approval = loaders(context).payments.sandboxApproval(paymentKey);
  if (!approval || approval.orderId !== query.get('orderId')) throw data(null, { status: 404 });
  const back = new URLSearchParams({ provider: 'sandbox', orderId: approval.orderId, ref: query.get('ref') ?? '' });
  return {
    amount: approval.amount,
    currency: approval.currency,
    orderId: approval.orderId,
    approve: `/${params.country}/payment/success?${new URLSearchParams({ ...Object.fromEntries(back), paymentKey, amount: String(approval.amount) })}`,
    cancel: `/${params.country}/payment/fail?${new URLSearchParams({ ...Object.fromEntries(back), code: 'PAY_PROCESS_CANCELED' })}`,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/payment/sandbox-paypal', noindex: true, text: (t) => ({ title: t('orders:sandboxPaypal.title'), description: t('orders:sandboxPaypal.text') }) });

export default function SandboxPaypalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  return (
    <section className="container-page flex max-w-md flex-col items-center py-16 text-center sm:py-20" data-sandbox-paypal>
      <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">{t('sandboxPaypal.badge')}</span>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight"><span className="text-[#003087]">Pay</span><span className="text-[#009cde]">Pal</span></h1>
      <p className="mt-3 text-slate-700">{t('sandboxPaypal.text')}</p>
      <dl className="mt-6 w-full rounded-2xl border border-slate-200 p-4 text-sm">
        <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.number')}</dt><dd className="font-mono font-semibold [overflow-wrap:anywhere]">{loaderData.orderId}</dd></div>
        <div className="mt-2 flex justify-between gap-4"><dt className="text-slate-600">{t('mail.amountDue')}</dt><dd className="font-semibold">{formatCurrencyMinor(loaderData.amount, loaderData.currency)}</dd></div>
      </dl>
      <div className="mt-8 grid w-full gap-3">
        <Link to={loaderData.approve} className="btn-primary" data-sandbox-approve>{t('sandboxPaypal.approve')}</Link>
        <Link to={loaderData.cancel} className="btn-secondary" data-sandbox-cancel>{t('sandboxPaypal.cancel')}</Link>
      </div>
    </section>
  );
}
