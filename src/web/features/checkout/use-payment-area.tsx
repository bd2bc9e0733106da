/**
 * The payment area shared by the checkout pages and the checkout dialog: the store's methods
 * (D26), then for the chosen one Toss's widget (with loading, ready and error states), the
 * sandbox's test cards, or a line saying which provider's page comes next. `pay` starts the
 * payment of a created order, which ends at the store's success or fail page.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { CountryCode } from '../../../domain/countries.ts';
import type { PaymentChoice } from '../../../domain/payments.ts';
import type { TFunction } from '../../../i18n/translate.ts';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { paymentErrorText } from './payment-errors.ts';
import type { CreatedOrder } from '../../../domain/contract/orders.ts';
import type { PaymentSettings, SandboxCardChoice, StartedPayment } from '../../../domain/contract/payments.ts';
import type { OrderToPay, Payer } from './payment-step.ts';
import { PaymentMethods } from './payment-methods.tsx';
import { SandboxCards } from './sandbox-payment.tsx';
import type { TossWidget } from './toss-payment.ts';
import type { PaymentSettingsLoad } from './use-payment-settings.ts';

type WidgetState = 'idle' | 'loading' | 'ready' | 'error';

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** SPEC section 9: the payment area starts loading after 500 ms. */
const WIDGET_DELAY_MS = 500;

/**
 * One Idempotency-Key per checkout attempt (POST /api/orders): the same order sent again (a lost
 * answer, a declined card, a second click) goes with the same key, so the server answers the
 * order it made instead of making another; a changed form is a new attempt with a new key.
 */
export function checkoutAttempts(newKey: () => string = newAttemptKey) {
  let current = { key: newKey(), order: null as string | null };
  return {
    keyFor(order: unknown): string {
      const sent = JSON.stringify(order);
      if (current.order !== null && current.order !== sent) current = { key: newKey(), order: sent };
      current.order = sent;
      return current.key;
    },
  };
}

export function usePaymentArea(options: { settings: PaymentSettings | null; settingsFailed?: PaymentSettingsLoad['failed']; amountKrw: number; customerKey: string | null; idPrefix: string }) {
  const { settings, settingsFailed = null, amountKrw, customerKey, idPrefix } = options;
  const [state, setState] = useState<WidgetState>('idle');
  const [showLoading, setShowLoading] = useState(false);
  const [card, setCard] = useState<SandboxCardChoice>('approved');
  // SPEC section 9: the first of the store's methods is chosen.
  const [method, setMethod] = useState<PaymentChoice | null>(null);
  const choice = method ?? settings?.choices[0]?.choice ?? null;
  const provider = settings?.choices.find((c) => c.choice === choice)?.provider ?? null;
  const toss = useRef<TossWidget | null>(null);
  // The checkout attempt (its Idempotency-Key) starts when the payment step opens.
  const attempt = useRef<ReturnType<typeof checkoutAttempts> | null>(null);
  useEffect(() => {
    attempt.current = checkoutAttempts();
  }, []);
  const attemptKey = (order: unknown) => (attempt.current ??= checkoutAttempts()).keyFor(order);
  const methodsId = `${idPrefix}-payment-method`;
  const agreementId = `${idPrefix}-agreement`;

  useEffect(() => {
    if (!settings || !provider) return;
    // Redirect providers and the sandbox need nothing in the page before paying.
    if (provider !== 'toss' || !settings.tossClientKey) {
      setState('ready');
      return;
    }
    let live = true;
    setState('loading');
    const slow = setTimeout(() => setShowLoading(true), WIDGET_DELAY_MS);
    void import('./toss-payment.ts')
      .then(({ mountTossWidget }) => mountTossWidget({ clientKey: settings.tossClientKey!, customerKey, amount: amountKrw, methodsSelector: `#${methodsId}`, agreementSelector: `#${agreementId}` }))
      .then((widget) => {
        if (!live) return;
        toss.current = widget;
        setState('ready');
      })
      .catch(() => live && setState('error'))
      .finally(() => clearTimeout(slow));
    return () => {
      live = false;
      clearTimeout(slow);
    };
    // Mounted once per settings and provider: later amounts go through setAmount below.
  }, [settings, provider]);

  useEffect(() => {
    void toss.current?.setAmount(amountKrw).catch(() => undefined);
  }, [amountKrw]);

  /** Starts the payment with the chosen method: to the provider's page, or Toss's window from our page. */
  /** `access`: how a caller without a session shows the order is theirs (the guest id, or the private link's key). */
  async function pay(order: OrderToPay, payer: Payer, access: { sessionId?: string | undefined; orderKey?: string | undefined }, store: StoreHeaders) {
    const started = await apiRequest<StartedPayment>('POST', '/api/payments/start', {
      orderId: order.orderId, provider: choice, ...(access.sessionId ? { sessionId: access.sessionId } : {}), ...(access.orderKey ? { orderKey: access.orderKey } : {}),
      ...(provider === 'sandbox' && choice !== 'paypal' ? { testCard: card } : {}),
    }, store);
    if (!started.ok) throw Object.assign(new Error(started.error.message), { code: started.error.code });
    if ('redirectUrl' in started.data) {
      // The button stays busy while the page leaves. If the browser brings the page back from its
      // back/forward cache (Back from the provider's page), the button is ready again; paying again
      // sends the same order under the same key (the server answers it) and starts a new attempt.
      const returned = new Promise<void>((resolve) => {
        const back = (event: PageTransitionEvent) => {
          if (!event.persisted) return;
          window.removeEventListener('pageshow', back);
          resolve();
        };
        window.addEventListener('pageshow', back);
      });
      window.location.assign(started.data.redirectUrl);
      await returned;
      return;
    }
    await toss.current!.pay(order, payer, started.data.widget);
  }

  // D29 amended: a store whose providers would take test payments on a public site offers none.
  const closed = settings !== null && settings.choices.length === 0;
  return { state, showLoading, card, setCard, method: choice, setMethod, provider, pay, attemptKey, methodsId, agreementId, settings, settingsFailed, closed };
}

export function PaymentArea({ area, legendHidden = false }: { area: ReturnType<typeof usePaymentArea>; legendHidden?: boolean }) {
  const { t } = useTranslation('common');
  // "Try again" goes away as it is pressed: focus waits on the area, not on the page, and moves to
  // the chosen method once the methods are there, so a keyboard or screen reader user goes on
  // from where they were.
  const box = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  const ready = Boolean(area.settings && area.method);
  useEffect(() => {
    if (!ready || !retried.current) return;
    retried.current = false;
    box.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [ready]);
  const retry = area.settingsFailed?.retry;
  return (
    <div ref={box} tabIndex={-1} className="outline-none">
      {!area.settings && retry ? (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-800" data-payment-settings-failed>
          <p>{t('checkout.methodsError')}</p>
          <button
            type="button"
            className="btn-secondary mt-3"
            onClick={() => {
              retried.current = true;
              box.current?.focus();
              retry();
            }}
          >
            {t('checkout.tryAgain')}
          </button>
        </div>
      ) : area.closed ? (
        <p role="status" className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900" data-payments-not-open>{t('checkout.paymentsNotOpen')}</p>
      ) : !area.settings || !area.method ? (
        <p role="status" className="text-sm text-slate-600">{t('checkout.widgetLoading')}</p>
      ) : (
        <div className="grid gap-4">
          <PaymentMethods choices={area.settings.choices} value={area.method} onChange={area.setMethod} legendHidden={legendHidden} />
          {/* Standing in for PayPal, the sandbox has PayPal's shape: an approval page next, no cards (issue 33, item 22). */}
          {area.provider === 'sandbox' && (area.method === 'paypal'
            ? <p className="rounded-2xl bg-slate-50 p-4 text-sm text-slate-700" data-sandbox-paypal-notice>{t('checkout.sandboxPaypalNotice')}</p>
            : <SandboxCards value={area.card} onChange={area.setCard} />)}
          {area.provider === 'toss' && (
            <div aria-busy={area.state === 'loading'}>
              {area.state === 'loading' && area.showLoading && <p className="text-sm text-slate-600">{t('checkout.widgetLoading')}</p>}
              {area.state === 'error' && (
                <div role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-800">
                  <p>{t('checkout.widgetError')}</p>
                  <button type="button" className="btn-secondary mt-3" onClick={() => window.location.reload()}>{t('checkout.reload')}</button>
                </div>
              )}
              <div id={area.methodsId} />
              <div id={area.agreementId} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The pay button of every checkout: the server creates and prices the order, then the provider
 * takes the payment and leaves for the success or fail page. Refusals and a closed payment window
 * are said in a toast (SPEC section 8); `t` reads the `common` catalog.
 */
export async function placeOrderAndPay(
  area: ReturnType<typeof usePaymentArea>,
  order: Record<string, unknown>,
  payer: Payer,
  where: { country: CountryCode; store: StoreHeaders },
  t: TFunction,
): Promise<void> {
  if (area.closed) {
    toast.error(() => t('checkout.toast.notOpenTitle'), () => t('checkout.paymentsNotOpen'));
    return;
  }
  if (area.state !== 'ready') {
    toast.error(() => t('checkout.toast.notReadyTitle'), () => t('checkout.toast.notReady'));
    return;
  }
  const body = { ...order, customerName: payer.name, customerEmail: payer.email, customerPhone: payer.phone, country: where.country };
  const guestId = typeof order.sessionId === 'string' ? order.sessionId : undefined;
  const created = await apiRequest<CreatedOrder>('POST', '/api/orders', body, where.store, { 'idempotency-key': area.attemptKey(body) });
  if (!created.ok) {
    toast.error(() => t('checkout.toast.payFailed'), () => created.error.message || t('checkout.toast.saveFailed'));
    return;
  }
  try {
    await area.pay(created.data, payer, { sessionId: guestId }, where.store);
  } catch (error) {
    tellPaymentError(error, t);
  }
}

/** Says it in a toast: nothing was sent, the form is as it was. */
export function tellPaymentError(error: unknown, t: (key: string) => string): void {
  const { cancelled, title, text } = paymentErrorText(error, t);
  (cancelled ? toast.message : toast.error)(() => title, () => text);
}
