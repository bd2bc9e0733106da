/**
 * PayPal (us, au, my; D26) over its Orders v2 REST API, after PayPal's reference (plain HTTP: the
 * official server SDK cannot be pointed at a test peer on loopback without patching it). OAuth
 * client credentials give a token, cached until shortly before it expires. A PayPal order is made
 * per attempt (intent CAPTURE, one purchase unit in the store's currency as an exact decimal string,
 * custom_id = our order number, a PayPal-Request-Id); the payer approves on PayPal's page and comes
 * back to our success page, whose loader captures. A capture is keyed by the attempt, so a double
 * return or a webhook that captures too answers the same capture. Webhooks are verified by PayPal's
 * verify-webhook-signature with PAYPAL_WEBHOOK_ID.
 */
import { DomainError } from '../../../../domain/errors.ts';
import { decimalStringToMinor, minorToDecimalString } from '../../../../domain/payments.ts';
import { requestJson } from './deadline.ts';
import type { ConfirmRequest, PaymentProvider, ProviderWord, RefundRequest, StartRequest, StartedPayment, WebhookEvent } from './provider.ts';

interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string | undefined;
  apiBase: string;
  timeoutMs: number;
  /** Live API: real money. */
  live: boolean;
}

/** The headers PayPal signs a webhook delivery with; verify-webhook-signature needs every one. */
const TRANSMISSION_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'];

/** PayPal's page in the payer's language. */
const PAYPAL_LOCALE = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP', vi: 'vi-VN', zh: 'zh-CN' } as const;

/**
 * English as the store's country writes it where PayPal has that locale: an Australian payer sees
 * PayPal's Australian page (dates, wording), not the American one (issue 33, item 32).
 */
const ENGLISH_BY_CURRENCY: Readonly<Record<string, string>> = { AUD: 'en-AU' };

export const paypalLocale = (language: keyof typeof PAYPAL_LOCALE, currency: string): string =>
  (language === 'en' ? ENGLISH_BY_CURRENCY[currency.toUpperCase()] : undefined) ?? PAYPAL_LOCALE[language];

interface Money {
  currency_code: string;
  value: string;
}

interface Capture {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface PaypalOrder {
  id: string;
  status: string;
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ custom_id?: string; amount?: Money; payments?: { captures?: Capture[] } }>;
}

interface PaypalError {
  name?: string;
  message?: string;
  details?: Array<{ issue?: string; description?: string }>;
}

class PaypalFailure extends Error {
  readonly status: number;
  readonly issue: string;
  constructor(status: number, body: PaypalError) {
    const issue = body.details?.[0]?.issue ?? body.name ?? 'UNKNOWN';
    super(`paypal ${status} ${issue}`);
    this.status = status;
    this.issue = issue;
  }
}

/** A capture's word: COMPLETED is paid; PENDING is taken but not settled; anything else took nothing. */
function wordOfCapture(orderId: string, capture: Capture, orderCustomId: string | undefined): ProviderWord {
  const currency = capture.amount?.currency_code ?? '';
  const amountMinor = capture.amount ? decimalStringToMinor(capture.amount.value, currency) : null;
  const state = capture.status === 'COMPLETED' ? 'paid' : capture.status === 'PENDING' ? 'processing' : 'failed';
  return {
    reference: orderId,
    state,
    orderNumber: capture.custom_id ?? orderCustomId ?? null,
    // An amount we cannot read exactly is no amount: it can never equal the order's.
    amountMinor: amountMinor ?? -1,
    currency,
    paymentRef: capture.id,
    method: 'paypal',
    receiptUrl: null,
    paidAt: state === 'paid' ? new Date(capture.create_time ?? Date.now()) : null,
    ...(state === 'failed' ? { failure: `paypal capture ${capture.status}` } : {}),
  };
}

function wordOfOrder(order: PaypalOrder): ProviderWord | null {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  return capture ? wordOfCapture(order.id, capture, unit?.custom_id) : null;
}

/** An order read back without capturing (the reconciler): its capture's word, else where the payer stands. */
function wordOfUncaptured(order: PaypalOrder): ProviderWord {
  const captured = wordOfOrder(order);
  if (captured) return captured;
  const unit = order.purchase_units?.[0];
  const currency = unit?.amount?.currency_code ?? '';
  const state = order.status === 'APPROVED' ? 'approved' : order.status === 'VOIDED' ? 'failed' : order.status === 'COMPLETED' ? 'failed' : 'open';
  return {
    reference: order.id, state, orderNumber: unit?.custom_id ?? null,
    amountMinor: (unit?.amount ? decimalStringToMinor(unit.amount.value, currency) : null) ?? -1, currency,
    paymentRef: null, method: 'paypal', receiptUrl: null, paidAt: null,
    ...(state === 'failed' ? { failure: `paypal order ${order.status}` } : {}),
  };
}

/**
 * A 5xx or a 429 says nothing of whether PayPal did the work: unknown, never a refusal (D32). Nor is
 * a 401 or 403 (our credentials refused or revoked, a permission missing) the payer's refusal: the
 * store cannot read PayPal until staff fix it, and asks again meanwhile.
 */
const outcomeUnknown = (status: number) => status >= 500 || status === 429 || status === 401 || status === 403;

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  let token: { value: string; expiresAt: number } | null = null;

  async function send(method: 'GET' | 'POST', path: string, init: { body?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ status: number; body: unknown }> {
    return requestJson(`${options.apiBase}${path}`, {
      method,
      headers: init.headers ?? {},
      ...(init.body !== undefined ? { body: init.body } : {}),
    }, init.timeoutMs ?? options.timeoutMs).catch((error: unknown) => {
      throw new DomainError('NETWORK_ERROR', { detail: `paypal ${method} ${path}: ${(error as Error).name}` });
    });
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await send('POST', '/v1/oauth2/token', { body: 'grant_type=client_credentials', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' } });
    const body = answer.body as { access_token?: string; expires_in?: number } | null;
    // No token is no word on any payment (PayPal away, or our credentials refused): the store cannot
    // read PayPal until it answers or staff fix the credentials, and asks again meanwhile.
    if (answer.status !== 200 || !body?.access_token) throw new DomainError('NETWORK_ERROR', { detail: `paypal token ${answer.status}` });
    // Renewed a minute before PayPal would refuse it.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  /** An authorised JSON call; a token PayPal no longer takes is fetched again once. */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      };
      const answer = await send(method, path, { headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status < 200 || answer.status > 299) throw new PaypalFailure(answer.status, (answer.body ?? {}) as PaypalError);
      // A success whose body cannot be read (cut short, or not PayPal's): the work may be done.
      if (!answer.body || typeof answer.body !== 'object') throw new DomainError('NETWORK_ERROR', { detail: `paypal ${method} ${path}: ${answer.status} unreadable answer` });
      return answer.body as T;
    }
  }

  const failed = (failure: PaypalFailure) => outcomeUnknown(failure.status) ? new DomainError('NETWORK_ERROR', { detail: `paypal ${failure.status} ${failure.issue}` }) : new DomainError('PAYMENT_FAILED', {
    messageKey: failure.issue === 'INSTRUMENT_DECLINED' ? 'payments.paypalDeclined' : failure.issue === 'ORDER_NOT_APPROVED' ? 'payments.paypalNotApproved' : 'payments.failedGeneric',
    detail: `paypal ${failure.status} ${failure.issue}`,
  });

  async function capture(orderId: string, requestId: string): Promise<ProviderWord> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    try {
      const captured = await call<PaypalOrder>('POST', `${path}/capture`, {}, requestId);
      const word = wordOfOrder(captured);
      if (!word) throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.failedGeneric', detail: 'paypal capture without a capture' });
      return word;
    } catch (error) {
      if (!(error instanceof PaypalFailure)) throw error;
      // Captured before under another request id (the webhook's, say): read what PayPal has.
      if (error.issue === 'ORDER_ALREADY_CAPTURED') {
        const word = wordOfOrder(await call<PaypalOrder>('GET', path).catch((lookup: unknown) => {
          throw lookup instanceof PaypalFailure ? failed(lookup) : lookup;
        }));
        if (word) return word;
      }
      throw failed(error);
    }
  }

  return {
    name: 'paypal',
    confirmTakesMoney: true,
    status: () => ({ name: 'paypal', configured: true, test: !options.live, webhookReady: Boolean(options.webhookId) }),

    async reachable() {
      try {
        await accessToken();
        return true;
      } catch (error) {
        return !(error instanceof DomainError && error.code === 'NETWORK_ERROR');
      }
    },

    async start(request: StartRequest): Promise<StartedPayment> {
      const { order } = request;
      try {
        const created = await call<PaypalOrder>('POST', '/v2/checkout/orders', {
          intent: 'CAPTURE',
          purchase_units: [{
            reference_id: order.orderNumber,
            // No invoice_id: PayPal refuses an invoice id it has seen paid, and an order may be tried again.
            custom_id: order.orderNumber,
            description: order.orderName.slice(0, 127),
            amount: { currency_code: order.currency, value: minorToDecimalString(order.amountMinor, order.currency) },
          }],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: 'Studio Lumi',
                locale: paypalLocale(order.language, order.currency),
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
              },
            },
          },
        }, `${request.idempotencyKey}:create`);
        const approve = created.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
        if (!approve) throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.failedGeneric', detail: 'paypal order without a payer-action link' });
        return { kind: 'redirect', redirectUrl: approve.href, reference: created.id };
      } catch (error) {
        throw error instanceof PaypalFailure ? failed(error) : error;
      }
    },

    confirm: (request: ConfirmRequest) => capture(request.reference, `${request.idempotencyKey}:capture`),

    async lookup(request: ConfirmRequest): Promise<ProviderWord> {
      try {
        return wordOfUncaptured(await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(request.reference)}`));
      } catch (error) {
        throw error instanceof PaypalFailure ? failed(error) : error;
      }
    },

    async refund(request: RefundRequest): Promise<void> {
      try {
        await call('POST', `/v2/payments/captures/${encodeURIComponent(request.paymentRef)}/refund`, {
          ...(request.amountMinor !== undefined ? { amount: { currency_code: request.currency, value: minorToDecimalString(request.amountMinor, request.currency) } } : {}),
          note_to_payer: request.reason.slice(0, 255),
        }, request.idempotencyKey);
      } catch (error) {
        throw error instanceof PaypalFailure ? failed(error) : error;
      }
    },

    async webhook(rawBody: Buffer, headers): Promise<WebhookEvent> {
      if (!options.webhookId) throw new DomainError('NOT_FOUND', { detail: 'paypal webhook without PAYPAL_WEBHOOK_ID' });
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new DomainError('BAD_REQUEST', { detail: 'paypal webhook is not JSON' });
      }
      const header = (name: string) => (typeof headers[name] === 'string' ? headers[name] : '');
      // A delivery without PayPal's transmission headers is not PayPal's: refused without asking PayPal.
      if (TRANSMISSION_HEADERS.some((name) => !header(name))) throw new DomainError('BAD_REQUEST', { detail: 'paypal webhook without its transmission headers' });
      const verification = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
        webhook_event: event,
      }).catch((error: unknown) => {
        // PayPal said no: not its event. PayPal could not say: the delivery is answered 502 and comes again.
        if (error instanceof PaypalFailure && !outcomeUnknown(error.status)) return { verification_status: 'FAILURE' };
        throw error instanceof PaypalFailure ? failed(error) : error;
      });
      if (verification.verification_status !== 'SUCCESS' || typeof event.id !== 'string' || typeof event.event_type !== 'string') {
        throw new DomainError('BAD_REQUEST', { detail: 'paypal webhook not verified' });
      }
      const resource = event.resource ?? {};
      switch (event.event_type) {
        case 'CHECKOUT.ORDER.APPROVED':
          return { id: event.id, type: event.event_type, reference: typeof resource.id === 'string' ? resource.id : null, needsConfirm: true };
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED': {
          const capture = resource as unknown as Capture;
          const orderId = capture.supplementary_data?.related_ids?.order_id;
          return orderId ? { id: event.id, type: event.event_type, reference: orderId, word: wordOfCapture(orderId, capture, undefined) } : { id: event.id, type: event.event_type, reference: null };
        }
        default:
          return { id: event.id, type: event.event_type, reference: null };
      }
    },
  };
}
