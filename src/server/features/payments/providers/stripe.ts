/**
 * Stripe (us, au, my, vn, cn; D26) through the official `stripe` package and Stripe Checkout's
 * hosted page (docs/decisions/0019): a Checkout Session per attempt, created with an
 * Idempotency-Key; the payer pays on Stripe's page and comes back to our success page, whose loader
 * reads the session back on the server; signed webhooks (checkout.session.completed and the async
 * payment events) say the same, whichever comes first. Refunds name the session's payment intent.
 * Amounts are minor units as Stripe takes them: cents, and whole dong for VND (zero-decimal).
 */
import type Stripe from 'stripe';
import { DomainError } from '../../../../domain/errors.ts';
import { STRIPE_METHOD_OF } from '../../../../domain/payments.ts';
import type { ConfirmRequest, PaymentProvider, ProviderWord, RefundRequest, StartRequest, StartedPayment, WebhookEvent } from './provider.ts';

interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Stripe's API by default; tests point it at a fake on loopback (host, port and protocol). */
  apiBase: string | undefined;
  timeoutMs: number;
}

/** Stripe's own tolerance for a signature's timestamp: 5 minutes (D27). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe Checkout's locales for our languages. */
const CHECKOUT_LOCALE = { ko: 'ko', en: 'en', ja: 'ja', vi: 'vi', zh: 'zh' } as const;

function clientOptions(options: StripeOptions): Stripe.StripeConfig {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return {
    timeout: options.timeoutMs,
    // Every call carries an idempotency key, so the library's retries of a lost answer are safe.
    maxNetworkRetries: 1,
    appInfo: { name: 'studio-lumi-store' },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  };
}

/** A session's word: paid, accepted but not settled (a delayed method), still open, or nothing taken. */
function wordOf(session: Stripe.Checkout.Session): ProviderWord {
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id ?? null;
  const paid = session.payment_status === 'paid';
  const processing = !paid && session.status === 'complete';
  const open = session.status === 'open';
  return {
    reference: session.id,
    state: paid ? 'paid' : processing ? 'processing' : open ? 'open' : 'failed',
    orderNumber: session.metadata?.orderId ?? session.client_reference_id ?? null,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentRef: paymentIntent,
    method: session.payment_method_types?.join(',') ?? null,
    receiptUrl: null,
    paidAt: paid ? new Date() : null,
    ...(paid || processing ? {} : { failure: `checkout session ${session.status ?? 'unknown'}` }),
  };
}

/**
 * Whether Stripe's error leaves the outcome unknown (D32): no answer (a timeout or a dropped
 * connection), a 5xx, a 429, or a 409 for a request with the same key still running. Stripe keeps a
 * key's 500 and answers it again, so what happened is read back, never assumed. A 401 or 403 (our
 * key revoked, rolled or missing a permission) is no word on the payment either: the store cannot
 * read Stripe until staff fix the key, and asks again meanwhile.
 */
function outcomeUnknown(error: Partial<Stripe.errors.StripeError> & { name?: string }): boolean {
  if (error.type === 'StripeConnectionError' || error.name === 'StripeConnectionError') return true;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 0;
  return status >= 500 || status === 429 || status === 409 || status === 401 || status === 403
    || error.type === 'StripeAPIError' || error.type === 'StripeRateLimitError' || error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError';
}

/**
 * A Checkout Session for a quote expires with it (D28), within Stripe's bounds (30 minutes to 24
 * hours from now): a payer cannot pay an old quote's page long after it expired, and one who pays
 * in its last half hour is refused and refunded by the settle step like any late payment.
 */
function sessionExpiry(payBefore: Date | null | undefined): { expires_at?: number } {
  if (!payBefore) return {};
  const now = Math.floor(Date.now() / 1000);
  const until = Math.floor(payBefore.getTime() / 1000);
  if (until >= now + 24 * 60 * 60) return {};
  return { expires_at: Math.max(until, now + 30 * 60 + 60) };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  // The library is loaded on first use: a store without Stripe keys never pays for it.
  let client: Promise<Stripe> | undefined;
  const stripe = () => (client ??= import('stripe').then(({ default: StripeClient }) => new StripeClient(options.secretKey, clientOptions(options))));

  /** Stripe's errors in our terms: an unknown outcome is NETWORK_ERROR, a refusal PAYMENT_FAILED with its reason. */
  function failed(error: unknown, what: string): DomainError {
    const stripeError = error as Partial<Stripe.errors.StripeError> & { name?: string };
    if (outcomeUnknown(stripeError)) {
      return new DomainError('NETWORK_ERROR', { detail: `stripe ${what}: ${stripeError.statusCode ?? 'no answer'} ${stripeError.type ?? stripeError.name ?? ''}` });
    }
    if (typeof stripeError.type === 'string' && stripeError.type.startsWith('Stripe')) {
      return new DomainError('PAYMENT_FAILED', {
        ...(stripeError.type === 'StripeCardError' && stripeError.message ? { values: { reason: stripeError.message } } : { messageKey: 'payments.failedGeneric' }),
        detail: `stripe ${what}: ${stripeError.statusCode ?? ''} ${stripeError.type} ${stripeError.code ?? ''}`,
      });
    }
    // Not Stripe's answer at all: our own mistake, logged as one (500), never dressed as a network error.
    throw error;
  }

  async function retrieve(reference: string): Promise<ProviderWord> {
    try {
      return wordOf(await (await stripe()).checkout.sessions.retrieve(reference));
    } catch (error) {
      throw failed(error, 'retrieve session');
    }
  }

  const test = /^(sk|rk)_test_/.test(options.secretKey);
  return {
    name: 'stripe',
    status: () => ({ name: 'stripe', configured: true, test, webhookReady: Boolean(options.webhookSecret) }),

    async reachable() {
      try {
        await (await stripe()).balance.retrieve(undefined, { timeout: 3000, maxNetworkRetries: 0 });
        return true;
      } catch (error) {
        // Any answer from Stripe (even "invalid key") means it is there.
        return typeof (error as { statusCode?: unknown }).statusCode === 'number';
      }
    },

    async start(request: StartRequest): Promise<StartedPayment> {
      const { order } = request;
      const methodType = STRIPE_METHOD_OF[request.method];
      if (!methodType) throw new DomainError('PAYMENT_METHOD_NOT_OFFERED', { detail: `stripe does not carry ${request.method}` });
      const currency = order.currency.toLowerCase();
      try {
        const session = await (await stripe()).checkout.sessions.create({
          mode: 'payment',
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: { currency, unit_amount: line.amountMinor / line.quantity, product_data: { name: line.name.slice(0, 250) } },
          })),
          client_reference_id: order.orderNumber,
          metadata: { orderId: order.orderNumber },
          payment_intent_data: { metadata: { orderId: order.orderNumber } },
          customer_email: order.customerEmail,
          locale: CHECKOUT_LOCALE[order.language],
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          // The pinned API version's name for SPEC's payment_method_types (decision 0019).
          allowed_payment_method_types: [methodType],
          ...sessionExpiry(order.payBefore),
          ...(methodType === 'wechat_pay' ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
        }, { idempotencyKey: `${request.idempotencyKey}:session` });
        if (!session.url) throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.failedGeneric', detail: 'stripe session without a url' });
        return { kind: 'redirect', redirectUrl: session.url, reference: session.id };
      } catch (error) {
        throw error instanceof DomainError ? error : failed(error, 'create session');
      }
    },

    /** On the payer's return: the session as Stripe has it now (D27: the server asks, the page's word is not taken). */
    confirm: (request: ConfirmRequest) => retrieve(request.reference),
    lookup: (request: ConfirmRequest) => retrieve(request.reference),

    async refund(request: RefundRequest): Promise<void> {
      try {
        await (await stripe()).refunds.create({
          payment_intent: request.paymentRef,
          ...(request.amountMinor !== undefined ? { amount: request.amountMinor } : {}),
          reason: 'requested_by_customer',
          // The refund's own key, whatever key a retry is sent under: findRefund looks for it.
          metadata: { reason: request.reason.slice(0, 500), refund_key: request.idempotencyKey },
        }, { idempotencyKey: request.retry ? `${request.idempotencyKey}:${request.retry}` : request.idempotencyKey });
      } catch (error) {
        throw failed(error, 'refund');
      }
    },

    /** Stripe answers a key's 500 again for a day, so a lost refund is looked for among the payment's refunds. */
    async findRefund({ paymentRef, idempotencyKey }) {
      try {
        const list = await (await stripe()).refunds.list({ payment_intent: paymentRef, limit: 100 });
        const found = list.data.find((refund) => refund.metadata?.refund_key === idempotencyKey);
        if (!found) return null;
        return found.status === 'failed' || found.status === 'canceled' ? 'failed' : 'succeeded';
      } catch (error) {
        throw failed(error, 'list refunds');
      }
    },

    async webhook(rawBody: Buffer, headers): Promise<WebhookEvent> {
      if (!options.webhookSecret) throw new DomainError('NOT_FOUND', { detail: 'stripe webhook without STRIPE_WEBHOOK_SECRET' });
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new DomainError('BAD_REQUEST', { detail: 'stripe webhook without a signature' });
      let event: Stripe.Event;
      try {
        event = (await stripe()).webhooks.constructEvent(rawBody, signature, options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        throw new DomainError('BAD_REQUEST', { detail: 'stripe webhook signature not valid' });
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const word = wordOf(session);
          // A failed delayed payment says so plainly, whatever the session's status.
          return { id: event.id, type: event.type, reference: session.id, word: event.type === 'checkout.session.async_payment_failed' ? { ...word, state: 'failed', failure: 'async payment failed' } : word };
        }
        default:
          return { id: event.id, type: event.type, reference: null };
      }
    },
  };
}
