/**
 * /{country}/payment/success (SPEC sections 2 and 4): where the provider returns after a payment.
 * The loader confirms the payment on the server (D27: Toss's confirm, the Stripe session read back,
 * the PayPal capture; amount checks, idempotent), so the page shows the outcome straight away:
 * paid, still processing (a delayed method such as Alipay), or refused.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/payment-success-page';
import { formatMinor } from '../../../domain/money.ts';
import { paymentMethodMessage } from '../../../domain/payment-method-names.ts';
import { paypalConfirmSchema, stripeConfirmSchema, widgetConfirmSchema } from '../../../domain/validation/payments.ts';
import { requestInfo } from '#request-context';
import { loaders } from '../../auth.server.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { EmailAddress } from '../accounts/email-address.tsx';
import { useBriefDialog } from '../briefs/use-brief-dialog.tsx';
import { PaymentFailed } from './payment-failed.tsx';
import { OrderPapers, type PaperLink } from '../orders/order-papers.tsx';

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
  const ref = query.get('ref') ?? undefined;
  return widgetConfirmSchema.safeParse({ orderId, paymentKey, amount, ref, ...(provider === 'toss' || provider === 'sandbox' ? { provider } : {}) });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const info = context.get(requestInfo);
  const { lang } = info.store;
  const t = translatorFor(lang, 'errors');
  // A refusal is shown right here, with the server's own sentence (e.g. the card company's reason).
  const parsed = returnOf(new URL(request.url).searchParams);
  if (!parsed) return { failed: { code: 'MISSING_PARAMETERS', message: t('payments.missingParameters') } };
  if (!parsed.success) return { failed: { code: 'PAYMENT_FAILED', message: t('payments.failedGeneric') } };
  const result = await loaders(context).payments.confirm(parsed.data, lang, { user: info.user, client: info.client });
  if (!result.ok) {
    // Refused: the way back to this order's payment, for its payer (the fail page's).
    const kept = await loaders(context).orders.kept(parsed.data.orderId, new URL(request.url).searchParams.get('ref'), info.user);
    return { failed: { code: result.code, message: result.message }, kept };
  }
  return { order: result.order, processing: result.processing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { path: '/payment/success', noindex: true, text: (t) => (loaderData?.failed
    ? { title: t('orders:payment.failTitle'), description: t('orders:payment.failDefault') }
    : loaderData?.processing
      ? { title: t('orders:payment.processingTitle'), description: t('orders:payment.processingText') }
      : { title: t('orders:payment.successTitle'), description: t('orders:payment.successText') }) });

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { order, failed, processing } = loaderData;
  if (failed || !order) return <PaymentFailed code={failed?.code ?? 'PAYMENT_FAILED'} message={failed?.message} kept={'kept' in loaderData ? loaderData.kept : null} />;
  if (processing) return <PaymentProcessing order={order} />;
  const country = order.country;
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16" data-payment-success>
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700"><CheckIcon className="size-7" aria-hidden="true" /></span>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t('payment.successTitle')}</h1>
        <p className="mt-3 text-muted"><WithEmail text={t('payment.emailSent', { email: order.customerEmail })} email={order.customerEmail} /></p>
      </div>
      <BriefNext order={order} />
      <OrderFacts order={order} />
      {order.papers && <OrderPapers papers={order.papers} className="mt-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm" />}
      <NextSteps order={order} />
      {order.isGuestOrder && (
        <aside aria-labelledby="private-link" className="mt-6 rounded-3xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950 sm:p-6" data-guest-link-notice>
          <h2 id="private-link" className="font-bold">{t('payment.guestTitle')}</h2>
          <p className="mt-1 leading-relaxed"><WithEmail text={t('payment.guestText', { email: order.customerEmail })} email={order.customerEmail} /></p>
        </aside>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!order.isGuestOrder && <Link to={`/${country}/profile`} className="btn-secondary">{t('payment.myPage')}</Link>}
        <Link to={`/${country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}

/** A sentence with the customer's address in it, which wraps only before its @ or a dot. */
function WithEmail({ text, email }: { text: string; email: string }) {
  const at = text.indexOf(email);
  if (at < 0) return <>{text}</>;
  return <>{text.slice(0, at)}<EmailAddress address={email} />{text.slice(at + email.length)}</>;
}

interface PaidOrder {
  orderId: string;
  orderName: string;
  amount: number;
  country: Parameters<typeof formatMinor>[1];
  isGuestOrder: boolean;
  customerEmail: string;
  paymentMethod: string | null;
  paymentProvider: string | null;
  receiptUrl: string | null;
  lines: { kind: string; name: string; quantity: number }[];
  draftWindow: { minDays: number; maxDays: number } | null;
  briefDue: boolean;
  papers?: readonly PaperLink[];
}

/**
 * The main next step (SPEC section 4): the project brief, opened from a button on this page, not
 * a dialog over an empty screen. "Later" closes it here; sent, the card says so.
 */
function BriefNext({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('orders');
  const { t: tBriefs } = useTranslation('briefs');
  const brief = useBriefDialog();
  const [sent, setSent] = useState(false);
  if (!order.briefDue) return null;
  const open = () => brief.open({
    flow: 'after-payment', orderId: order.orderId, serviceName: order.orderName, price: formatMinor(order.amount, order.country), onSubmitted: () => setSent(true),
  });
  return (
    <section aria-labelledby="brief-next" className="mt-8 rounded-3xl bg-brand-50 p-6 sm:p-8" data-brief-next>
      <h2 id="brief-next" className="text-xl font-bold">{sent ? t('payment.briefSentTitle') : t('payment.briefTitle')}</h2>
      <p className="mt-2 leading-relaxed text-slate-800">{sent ? t('payment.briefSentText') : t('payment.briefText')}</p>
      {!sent && <button type="button" className="btn-primary mt-5 w-full sm:w-auto" onClick={open} data-open-brief>{tBriefs('summary.write')}</button>}
      {brief.dialog}
    </section>
  );
}

/**
 * What was ordered, its number, the amount and how it was paid, with the provider's receipt. While
 * the provider has not confirmed it (`pending`), the amount is not called paid.
 */
function OrderFacts({ order, pending = false }: { order: PaidOrder; pending?: boolean }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation('common');
  const method = paymentMethodLabel(order, t, tCommon);
  return (
    <dl className="mt-6 grid w-full gap-3 rounded-3xl border border-slate-200 bg-white p-6 text-left text-sm shadow-sm" data-order-facts>
      <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.number')}</dt><dd className="text-right font-mono font-semibold [overflow-wrap:anywhere]" data-order-id>{order.orderId}</dd></div>
      <div className="flex justify-between gap-4">
        <dt className="shrink-0 text-slate-600">{t('payment.order')}</dt>
        <dd className="min-w-0 text-right font-semibold">
          {order.lines.length > 0
            ? <ul className="grid gap-1">{order.lines.map((line, index) => <li key={index}>{lineLabel(line, t)}</li>)}</ul>
            : order.orderName}
        </dd>
      </div>
      <div className="flex justify-between gap-4"><dt className="text-slate-600">{t(pending ? 'payment.amountPending' : 'payment.amount')}</dt><dd className="text-right font-semibold">{formatMinor(order.amount, order.country)}</dd></div>
      {method && <div className="flex justify-between gap-4"><dt className="text-slate-600">{t('payment.method')}</dt><dd className="text-right">{method}</dd></div>}
      {order.receiptUrl && (
        <div className="flex justify-end border-t border-slate-100 pt-3">
          <a href={order.receiptUrl} className="font-semibold text-brand-700 underline underline-offset-2" rel="noreferrer" target="_blank">{t('payment.receipt')}</a>
        </div>
      )}
    </dl>
  );
}

/** A line as the order names it: a service by its images, a template or package by its name (and how many, past one). */
function lineLabel(line: { kind: string; name: string; quantity: number }, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (line.kind === 'service') return t('orderName.single', { name: line.name, quantity: line.quantity });
  return line.quantity > 1 ? t('orderName.goods', { name: line.name, quantity: line.quantity }) : line.name;
}

/** What happens after the payment, and when (SPEC section 11: contact within 24 hours). */
function NextSteps({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('orders');
  const steps = [
    ...(order.briefDue ? [t('payment.stepBrief')] : []),
    t('payment.stepStart'),
    order.draftWindow ? t('payment.stepDraft', { min: order.draftWindow.minDays, max: order.draftWindow.maxDays }) : t('payment.stepDraftLater'),
  ];
  return (
    <section aria-labelledby="next-steps" className="mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm" data-next-steps>
      <h2 id="next-steps" className="font-bold">{t('payment.nextTitle')}</h2>
      <ol className="mt-4 grid gap-3 text-sm">
        {steps.map((step, index) => (
          <li key={index} className="flex gap-3">
            <span className="grid size-6 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-bold text-slate-700" aria-hidden="true">{index + 1}</span>
            <span className="leading-relaxed text-slate-800">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How the order was paid, in the page's language (domain/payment-method-names.ts). */
function paymentMethodLabel(order: PaidOrder, t: (key: string) => string, tCommon: (key: string) => string): string | null {
  const message = paymentMethodMessage(order.paymentMethod, order.paymentProvider);
  if (!message) return null;
  return message.ns === 'orders' ? t(message.key) : tCommon(message.key);
}

/** How often a "processing" page asks again: soon at first, then less often, and not for ever. */
const RECHECK_AFTER_MS = [3_000, 5_000, 10_000, 15_000, 30_000, 60_000];
const RECHECKS = 20;

/**
 * Accepted by a delayed method (Alipay, WeChat Pay) but not settled yet, or the provider could not
 * be read (D32): the order waits for the provider's word, and the page asks again by itself (its
 * loader confirms on the server each time) until it knows.
 */
function PaymentProcessing({ order }: { order: PaidOrder }) {
  const { t } = useTranslation('orders');
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  const recheck = useRef(revalidator.revalidate);
  recheck.current = revalidator.revalidate;
  // The provider's word reaches the order (a webhook): the live stream says so at once and the page
  // asks again (D34); its own schedule below stays for a stream that cannot open.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('../conversation/live-events.ts').then(({ eventsAddress, subscribe }) => {
      if (left) return;
      stop = subscribe(eventsAddress({ guest: order.isGuestOrder }), order.orderId, () => void recheck.current());
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [order.orderId, order.isGuestOrder]);
  useEffect(() => {
    if (checks >= RECHECKS || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, RECHECK_AFTER_MS[Math.min(checks, RECHECK_AFTER_MS.length - 1)]);
    return () => clearTimeout(timer);
  }, [checks, revalidator]);
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20" data-payment-processing>
      <span className="grid size-14 place-items-center rounded-full bg-amber-50 text-2xl font-bold text-amber-700" aria-hidden="true">…</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t('payment.processingTitle')}</h1>
      <p className="mt-3 text-muted">{t('payment.processingText')}</p>
      {checks < RECHECKS && <p className="mt-2 text-sm text-muted" aria-live="polite">{t('payment.processingRecheck')}</p>}
      <OrderFacts order={order} pending />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Asked again now, not only on the page's own schedule (issue 33, item 27). */}
        <button type="button" className="btn-primary" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()} data-check-now>{t('payment.checkNow')}</button>
        {!order.isGuestOrder && <Link to={`/${order.country}/profile`} className="btn-secondary">{t('payment.myPage')}</Link>}
        <Link to={`/${order.country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}
