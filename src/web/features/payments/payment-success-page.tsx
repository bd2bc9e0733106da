/**
 * /{country}/payment/success (SPEC sections 2 and 4): where the provider returns after a payment.
 * The loader confirms the payment on the server (D27: Toss's confirm, the Stripe session read back,
 * the PayPal capture; amount checks, idempotent), so the page shows the outcome straight away:
 * paid, still processing (a delayed method such as Alipay), or refused.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/payment-success-page';
import { formatMinor } from '../../../domain/money.ts';
import { paypalConfirmSchema, stripeConfirmSchema, widgetConfirmSchema } from '../../../domain/validation/payments.ts';
import { requestInfo } from '#request-context';
import { services } from '../../auth.server.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { routeMessages } from '../../i18n/messages.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { useBrief } from '../briefs/brief-provider.tsx';
import { PaymentFailed } from './payment-failed.tsx';

/** What the provider came back with: Stripe's session, PayPal's order (its `token`), or SPEC's Toss fields. */
function returnOf(query: URLSearchParams) {
  const orderId = query.get('orderId');
  const provider = query.get('provider');
  if (provider === 'stripe') {
    const checkoutSessionId = query.get('session_id');
    return !orderId || !checkoutSessionId ? null : stripeConfirmSchema.safeParse({ orderId, provider, checkoutSessionId });
  }
  if (provider === 'paypal') {
    const paypalOrderId = query.get('token');
    return !orderId || !paypalOrderId ? null : paypalConfirmSchema.safeParse({ orderId, provider, paypalOrderId });
  }
  const paymentKey = query.get('paymentKey');
  const amount = query.get('amount');
  if (!orderId || !paymentKey || !amount) return null;
  return widgetConfirmSchema.safeParse({ orderId, paymentKey, amount, ...(provider === 'toss' || provider === 'sandbox' ? { provider } : {}) });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(requestInfo).store;
  const t = translatorFor(lang, 'errors');
  const messages = routeMessages(context, ['orders', 'briefs']);
  // A refusal is shown right here, with the server's own sentence (e.g. the card company's reason).
  const parsed = returnOf(new URL(request.url).searchParams);
  if (!parsed) return { failed: { code: 'MISSING_PARAMETERS', message: t('payments.missingParameters') }, messages };
  if (!parsed.success) return { failed: { code: 'PAYMENT_FAILED', message: t('payments.failedGeneric') }, messages };
  const result = await services(context).payments.confirm(parsed.data, lang);
  if (!result.ok) return { failed: { code: result.code, message: result.message }, messages };
  return { order: result.order, processing: result.processing, messages };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { path: '/payment/success', noindex: true, text: (t) => (loaderData?.failed
    ? { title: t('orders:payment.failTitle'), description: t('orders:payment.failDefault') }
    : loaderData?.processing
      ? { title: t('orders:payment.processingTitle'), description: t('orders:payment.processingText') }
      : { title: t('orders:payment.successTitle'), description: t('orders:payment.successText') }) });

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { t: tBriefs } = useTranslation('briefs');
  const { order, failed, processing } = loaderData;
  const brief = useBrief();
  const openBrief = () => {
    if (order) brief.open({ flow: 'after-payment', orderId: order.orderId, serviceName: order.orderName, price: formatMinor(order.amount, order.country) });
  };
  // SPEC section 4: after payment the brief opens.
  useEffect(() => {
    if (order?.briefDue && !processing) openBrief();
  }, [order?.orderId]);
  if (failed || !order) return <PaymentFailed code={failed?.code ?? 'PAYMENT_FAILED'} message={failed?.message} />;
  const country = order.country;
  if (processing) return <PaymentProcessing order={order} />;
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700"><CheckIcon className="size-7" aria-hidden="true" /></span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t('payment.successTitle')}</h1>
      <p className="mt-3 text-muted">{t('payment.successText')}</p>
      <OrderFacts order={order} />
      <p className="mt-6 text-sm text-slate-700">{t('payment.next')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {order.briefDue && <button type="button" className="btn-primary" onClick={openBrief} data-open-brief>{tBriefs('summary.write')}</button>}
        {!order.isGuestOrder && <Link to={`/${country}/profile`} className={order.briefDue ? 'btn-secondary' : 'btn-primary'}>{t('payment.myPage')}</Link>}
        {order.receiptUrl && <a href={order.receiptUrl} className="btn-secondary" rel="noreferrer" target="_blank">{t('payment.receipt')}</a>}
        <Link to={`/${country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}

interface PaidOrder {
  orderId: string;
  orderName: string;
  amount: number;
  country: Parameters<typeof formatMinor>[1];
  isGuestOrder: boolean;
}

/** What was ordered, its number and its amount. */
function OrderFacts({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="mt-8 grid w-full gap-3 rounded-3xl border border-slate-200 bg-white p-6 text-left text-sm shadow-sm" data-order-facts>
      <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.order')}</dt><dd className="text-right font-semibold">{order.orderName}</dd></div>
      <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.number')}</dt><dd className="break-all text-right font-mono text-xs" data-order-id>{order.orderId}</dd></div>
      <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.amount')}</dt><dd className="text-right font-semibold">{formatMinor(order.amount, order.country)}</dd></div>
    </dl>
  );
}

/** Accepted by a delayed method (Alipay, WeChat Pay) but not settled yet: the order waits for the provider's word. */
function PaymentProcessing({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('orders');
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20" data-payment-processing>
      <span className="grid size-14 place-items-center rounded-full bg-amber-50 text-2xl font-bold text-amber-700" aria-hidden="true">…</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t('payment.processingTitle')}</h1>
      <p className="mt-3 text-muted">{t('payment.processingText')}</p>
      <OrderFacts order={order} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!order.isGuestOrder && <Link to={`/${order.country}/profile`} className="btn-primary">{t('payment.myPage')}</Link>}
        <Link to={`/${order.country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}
