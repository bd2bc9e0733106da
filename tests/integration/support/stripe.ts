/**
 * A fake Stripe API on loopback that answers as Stripe's API reference says, for the official
 * `stripe` package pointed at it with `host`, `port` and `protocol: 'http'`:
 *   - form-encoded bodies in bracket notation (`line_items[0][price_data][currency]=usd`), decoded here
 *     into nested objects and arrays; `Authorization: Bearer <FAKE_STRIPE_SECRET>` or 401;
 *   - `Idempotency-Key` on POSTs: the same key and parameters replay the first answer with
 *     `idempotent-replayed: true`, other parameters are a 400 idempotency_error (answers to requests
 *     that failed validation are not kept, as Stripe does);
 *   - `{ error: { type, code?, message, param? } }` errors with Stripe's statuses;
 *   - POST /v1/checkout/sessions (mode=payment with price_data line items only), GET …/:id (expand[]
 *     is ignored: payment_intent stays an id), GET …/:id/line_items, POST …/:id/expire,
 *     POST /v1/refunds, GET /v1/balance;
 *   - the `Stripe-Version` header counts: from 2026-09-30.endive on (the installed `stripe` package
 *     pins 2026-10-28.endive) Checkout Sessions take `allowed_payment_method_types` and refuse
 *     `payment_method_types` with 400 payment_method_types_no_longer_supported, as Stripe does;
 *     requests without the header (plain fetch) may still use `payment_method_types`;
 *   - a hosted page at /c/pay/:id whose buttons do what `pay()` does ("Pay", "Authorize, confirm
 *     later" for alipay / wechat_pay sessions, "Decline card") and a "Back" link to cancel_url.
 * Alipay and WeChat Pay are treated as delayed methods: "Authorize, confirm later" completes the
 * session unpaid and `settleAsync()` finishes it. With `webhookUrl`, checkout.session.completed is
 * delivered by itself whenever a session completes, and the async events by `settleAsync()`; events
 * are signed as Stripe signs them, so `stripe.webhooks.constructEvent` accepts them.
 * Only API calls (/v1/…) are recorded in `calls`; the hosted page is not. `faults.inject()` makes
 * the next matching calls fail as Stripe can (support/faults.ts): a 500 is kept for its
 * Idempotency-Key and answered again to a retry under that key, as Stripe does; GET /v1/refunds
 * lists a payment intent's refunds, so a lost refund can be looked for.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { faultPlan } from './faults.ts';
import { webhookSender } from './webhook-sender.ts';

export const FAKE_STRIPE_SECRET = 'sk_test_fake_51Lumi0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_lumi_0123456789abcdef';
/** The version the installed `stripe` package pins; events carry it as `api_version`. */
const API_VERSION = '2026-10-28.endive';
/** Stripe's zero-decimal currencies: amounts are whole units. */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const DELAYED_METHODS = ['alipay', 'wechat_pay'];

export interface StripeCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, unknown>;
  locale: string | null;
  payment_intent: string | null;
  /** The methods the page offers: allowed_payment_method_types or (before endive) payment_method_types, else ['card']. */
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  ui_mode: 'hosted_page';
  payment_method_options: Record<string, unknown>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export type StripeEventType = 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' | (string & {});

interface LineItem {
  name: string;
  quantity: number;
  unit_amount: number;
  currency: string;
}

interface Intent {
  id: string;
  charge: string;
  sessionId: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  refunded: number;
}

interface Reply {
  status: number;
  body: unknown;
  /** False for answers Stripe does not keep for Idempotency-Key replays (failed validation). */
  keep?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string, length: number) => prefix + Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects, with arrays for numeric indexes. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = key.split('[', 1)[0]!;
    const segments = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)];
    let node = root as Record<string | number, unknown>;
    segments.forEach((segment, i) => {
      const slot = Array.isArray(node) && segment === '' ? node.length : segment;
      const next = segments[i + 1];
      if (next === undefined) {
        node[slot] = value;
        return;
      }
      if (typeof node[slot] !== 'object' || node[slot] === null) node[slot] = /^\d*$/.test(next) ? [] : {};
      node = node[slot] as Record<string | number, unknown>;
    });
  }
  return root;
}

/** JSON with object keys sorted, to compare request parameters whatever their order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** An amount in the currency's smallest unit, as a person reads it: 1234 usd → "12.34 USD". */
export function formatStripeAmount(amount: number, currency: string) {
  const digits = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  const major = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount / 10 ** digits);
  return `${major} ${currency.toUpperCase()}`;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export async function startFakeStripe(options: { port?: number; webhookUrl?: string } = {}) {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, StripeSession>();
  const lineItems = new Map<string, LineItem[]>();
  const intents = new Map<string, Intent>();
  const madeRefunds: Array<Record<string, unknown>> = [];
  const faults = faultPlan();
  const hanging: ServerResponse[] = [];
  const replies = new Map<string, { fingerprint: string; reply: Reply }>();
  const webhooks = webhookSender<string>(options.webhookUrl, 'Stripe');
  let url = '';

  const error = (status: number, type: string, message: string, extra: { code?: string; param?: string } = {}, keep = true): Reply => ({
    status,
    body: { error: { ...(extra.code ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code.replaceAll('_', '-')}` } : {}), message, ...(extra.param ? { param: extra.param } : {}), type } },
    keep,
  });
  const invalid = (param: string, message: string, code?: string) => error(400, 'invalid_request_error', message, { param, ...(code ? { code } : {}) }, false);
  const missing = (param: string) => invalid(param, `Missing required param: ${param}.`, 'parameter_missing');
  const noSuch = (kind: string, id: string, param: string) => error(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param }, false);

  /** The session as it is now: an open session past expires_at has expired, as Stripe does it. */
  function current(id: string) {
    const session = sessions.get(id);
    if (session?.status === 'open' && now() >= session.expires_at) Object.assign(session, { status: 'expired', url: null });
    return session;
  }

  function createSession(body: Record<string, unknown>, version: string | undefined): Reply {
    if (!text(body.mode)) return missing('mode');
    if (body.mode !== 'payment') return invalid('mode', `This fake supports only mode=payment, not ${String(body.mode)}.`);
    for (const param of ['success_url', 'cancel_url'] as const) {
      if (!text(body[param])) return missing(param);
      if (!URL.canParse(body[param] as string)) return invalid(param, 'Not a valid URL', 'url_invalid');
    }
    if (!Array.isArray(body.line_items) || body.line_items.length === 0) return missing('line_items');
    const items: LineItem[] = [];
    for (const [i, raw] of body.line_items.entries()) {
      const at = `line_items[${i}]`;
      const line = asRecord(raw);
      if (!line) return missing(at);
      if (line.price !== undefined) return invalid(`${at}[price]`, 'This fake accepts only price_data line items.');
      const price = asRecord(line.price_data);
      if (!price) return missing(`${at}[price_data]`);
      if (!text(line.quantity)) return missing(`${at}[quantity]`);
      if (!/^\d+$/.test(line.quantity as string)) return invalid(`${at}[quantity]`, `Invalid integer: ${String(line.quantity)}`, 'parameter_invalid_integer');
      if (Number(line.quantity) < 1) return invalid(`${at}[quantity]`, 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
      if (!text(price.currency)) return missing(`${at}[price_data][currency]`);
      if (!/^[a-z]{3}$/i.test(price.currency as string)) return invalid(`${at}[price_data][currency]`, `Invalid currency: ${String(price.currency)}`);
      if (!text(price.unit_amount)) return missing(`${at}[price_data][unit_amount]`);
      if (!/^\d+$/.test(price.unit_amount as string)) return invalid(`${at}[price_data][unit_amount]`, `Invalid non-negative integer: ${String(price.unit_amount)}`, 'parameter_invalid_integer');
      const product = asRecord(price.product_data);
      if (!product) return missing(`${at}[price_data][product_data]`);
      if (!text(product.name)) return missing(`${at}[price_data][product_data][name]`);
      const currency = (price.currency as string).toLowerCase();
      if (items[0] && items[0].currency !== currency) return invalid(`${at}[price_data][currency]`, `All line items must use the same currency; line_items[0] uses ${items[0].currency}, ${at} uses ${currency}.`);
      items.push({ name: product.name as string, quantity: Number(line.quantity), unit_amount: Number(price.unit_amount), currency });
    }
    if (body.ui_mode !== undefined && body.ui_mode !== 'hosted_page') return invalid('ui_mode', `This fake supports only ui_mode=hosted_page, not ${String(body.ui_mode)}.`);
    // Since 2026-09-30.endive (the installed package pins 2026-10-28.endive) Checkout Sessions take
    // allowed_payment_method_types; payment_method_types is refused. Without a Stripe-Version header
    // (plain HTTP clients) the older parameter is still taken.
    const endive = version !== undefined && version.slice(0, 10) >= '2026-09-30';
    if (endive && body.payment_method_types !== undefined) {
      return invalid('payment_method_types', `payment_method_types is no longer supported on Checkout Sessions as of API version 2026-09-30.endive (this request uses ${version}). Use allowed_payment_method_types, excluded_payment_method_types or dynamic payment methods instead.`, 'payment_method_types_no_longer_supported');
    }
    if (body.payment_method_types !== undefined && body.allowed_payment_method_types !== undefined) {
      return invalid('allowed_payment_method_types', 'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.');
    }
    const typesParam = body.allowed_payment_method_types !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
    const types = body[typesParam] ?? ['card'];
    if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string' && /^[a-z_]+$/.test(t))) {
      return invalid(typesParam, `${typesParam} must be a list of payment method types such as card.`);
    }
    const methodOptions = asRecord(body.payment_method_options) ?? {};
    if (types.includes('wechat_pay')) {
      const wechat = asRecord(methodOptions.wechat_pay) ?? {};
      const param = 'payment_method_options[wechat_pay][client]';
      if (!text(wechat.client)) return invalid(param, `Missing required param: ${param}. It is required when the payment methods include wechat_pay.`, 'parameter_missing');
      if (!['web', 'ios', 'android'].includes(wechat.client as string)) return invalid(param, `Invalid ${param}: must be one of web, ios, or android`);
      if (wechat.client !== 'web' && !text(wechat.app_id)) return missing('payment_method_options[wechat_pay][app_id]');
    }
    const metadata = body.metadata === undefined || body.metadata === '' ? {} : asRecord(body.metadata);
    if (!metadata) return invalid('metadata', 'Invalid object');
    // Stripe's limits: client_reference_id up to 200 characters, a metadata value up to 500.
    if ((text(body.client_reference_id) ?? '').length > 200) return invalid('client_reference_id', 'client_reference_id must be at most 200 characters.');
    for (const [key, value] of Object.entries(metadata)) {
      if (String(value).length > 500) return invalid(`metadata[${key}]`, 'Metadata values can have up to 500 characters.');
    }

    const id = randomId('cs_test_a1', 56);
    const amount = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const created = now();
    // Stripe's rule: expires_at, when given, between 30 minutes and 24 hours from now.
    const expiresAt = body.expires_at === undefined ? created + 24 * 60 * 60 : Number(body.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 60 * 60 + 5) return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    const session: StripeSession = {
      id, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
      amount_subtotal: amount, amount_total: amount, currency: items[0]!.currency,
      client_reference_id: text(body.client_reference_id) ?? null, customer_email: text(body.customer_email) ?? null,
      metadata, locale: text(body.locale) ?? null, payment_intent: null, payment_method_types: types as string[],
      allowed_payment_method_types: body.allowed_payment_method_types === undefined ? null : (types as string[]), ui_mode: 'hosted_page',
      payment_method_options: methodOptions, success_url: body.success_url as string, cancel_url: body.cancel_url as string,
      url: `${url}/c/pay/${id}`, created, expires_at: expiresAt, livemode: false,
    };
    sessions.set(id, session);
    lineItems.set(id, items);
    return { status: 200, body: session };
  }

  function listLineItems(id: string): Reply {
    const items = lineItems.get(id);
    if (!items) return noSuch('checkout.session', id, 'session');
    const data = items.map((item, i) => ({
      id: `li_${id.slice(-20)}${i}`, object: 'item', amount_discount: 0, amount_subtotal: item.unit_amount * item.quantity, amount_tax: 0,
      amount_total: item.unit_amount * item.quantity, currency: item.currency, description: item.name, quantity: item.quantity,
      price: { object: 'price', currency: item.currency, unit_amount: item.unit_amount, type: 'one_time', product: `prod_${id.slice(-14)}${i}` },
    }));
    return { status: 200, body: { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` } };
  }

  function expire(id: string): Reply {
    const session = current(id);
    if (!session) return noSuch('checkout.session', id, 'session');
    if (session.status !== 'open') return error(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  }

  function refund(body: Record<string, unknown>): Reply {
    const byIntent = text(body.payment_intent);
    const byCharge = text(body.charge);
    if (!byIntent && !byCharge) return invalid('payment_intent', 'One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    const intent = byIntent ? intents.get(byIntent) : [...intents.values()].find((i) => i.charge === byCharge);
    if (!intent) return byIntent ? noSuch('payment_intent', byIntent, 'payment_intent') : noSuch('charge', byCharge!, 'charge');
    if (body.amount !== undefined && !/^\d+$/.test(String(body.amount))) return invalid('amount', `Invalid integer: ${String(body.amount)}`, 'parameter_invalid_integer');
    if (body.amount !== undefined && Number(body.amount) < 1) return invalid('amount', 'Invalid positive integer', 'parameter_invalid_integer');
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer'];
    if (body.reason !== undefined && !reasons.includes(body.reason as string)) return invalid('reason', 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer');
    const metadata = body.metadata === undefined ? {} : asRecord(body.metadata);
    if (!metadata) return invalid('metadata', 'Invalid object');
    if (intent.status !== 'succeeded') {
      return error(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'payment_intent_unexpected_state' });
    }
    const session = sessions.get(intent.sessionId)!;
    const remaining = session.amount_total - intent.refunded;
    if (remaining <= 0) return error(400, 'invalid_request_error', `Charge ${intent.charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    if (amount > remaining) {
      return error(400, 'invalid_request_error', `Refund amount (${formatStripeAmount(amount, session.currency)}) is greater than unrefunded amount on charge (${formatStripeAmount(remaining, session.currency)})`, { code: 'amount_too_large', param: 'amount' });
    }
    intent.refunded += amount;
    const made = {
      id: randomId('re_', 24), object: 'refund', amount, balance_transaction: randomId('txn_', 24), charge: intent.charge, created: now(),
      currency: session.currency, metadata, payment_intent: intent.id, reason: text(body.reason) ?? null, receipt_number: null, status: 'succeeded',
    };
    madeRefunds.push(made);
    return { status: 200, body: made };
  }

  function listRefunds(query: Record<string, unknown>): Reply {
    const intent = text(query.payment_intent);
    const data = madeRefunds.filter((r) => !intent || r.payment_intent === intent).reverse();
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
  }

  const balance = (): Reply => ({
    status: 200,
    body: { object: 'balance', available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }], livemode: false, pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }] },
  });

  /** What the hosted page's buttons do; throws when the session cannot be paid. */
  function complete(id: string, outcome: 'paid' | 'processing') {
    const session = current(id);
    if (!session) throw new Error(`fake Stripe: no checkout session ${id}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: checkout session ${id} is ${session.status}, not open`);
    if (outcome === 'processing' && !session.payment_method_types.some((t) => DELAYED_METHODS.includes(t))) {
      throw new Error(`fake Stripe: session ${id} has no delayed method (alipay, wechat_pay) to confirm later`);
    }
    const intent: Intent = { id: randomId('pi_', 24), charge: randomId('ch_', 24), sessionId: id, status: outcome === 'paid' ? 'succeeded' : 'processing', refunded: 0 };
    intents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: outcome === 'paid' ? 'paid' : 'unpaid', payment_intent: intent.id, url: null });
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id);
  }

  /** A signed Event about the session as it is now; `timestamp` (unix seconds) and `secret` forge stale or wrong signatures. */
  function event(type: StripeEventType, sessionId: string, eventOptions: { timestamp?: number; secret?: string; id?: string } = {}) {
    const session = current(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    const timestamp = eventOptions.timestamp ?? now();
    const id = eventOptions.id ?? randomId('evt_', 24);
    const body = {
      id, object: 'event', api_version: API_VERSION, created: timestamp, data: { object: structuredClone(session) },
      livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
    };
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(body, null, 2);
    const hmac = createHmac('sha256', eventOptions.secret ?? FAKE_STRIPE_WEBHOOK_SECRET).update(`${timestamp}.${payload}`).digest('hex');
    return { id, payload, signature: `t=${timestamp},v1=${hmac}` };
  }

  function deliver(type: StripeEventType, sessionId: string): Promise<number | null> {
    const built = event(type, sessionId);
    return webhooks.send({
      id: built.id, type, subject: sessionId, body: built.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': built.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    });
  }

  /** Fire and forget, as Stripe's own retries are no business of the caller; `flush()` waits for these. */
  function deliverLater(type: string, sessionId: string) {
    webhooks.later(() => deliver(type as StripeEventType, sessionId));
  }


  function page(session: StripeSession | undefined, alert?: string) {
    if (!session) return { status: 404, html: pageHtml('<p role="alert">This checkout session does not exist.</p>') };
    const items = lineItems.get(session.id) ?? [];
    const summary = `
      <ul>${items.map((item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${formatStripeAmount(item.unit_amount * item.quantity, item.currency)}</li>`).join('')}</ul>
      <p>Total: <strong>${formatStripeAmount(session.amount_total, session.currency)}</strong> (${session.currency.toUpperCase()})</p>`;
    if (session.status !== 'open') {
      const message = session.status === 'complete' ? 'This checkout session is complete.' : 'This checkout session has expired.';
      return { status: 200, html: pageHtml(`${summary}<p role="status">${message}</p>`) };
    }
    const delayed = session.payment_method_types.some((t) => DELAYED_METHODS.includes(t));
    return {
      status: 200,
      html: pageHtml(`${summary}
        <p>Payment methods: ${session.payment_method_types.map(escapeHtml).join(', ')}</p>
        ${alert ? `<p role="alert">${escapeHtml(alert)}</p>` : ''}
        <form method="post" action="/c/pay/${escapeHtml(session.id)}">
          <button type="submit" name="outcome" value="paid">Pay</button>
          ${delayed ? '<button type="submit" name="outcome" value="processing">Authorize, confirm later</button>' : ''}
          <button type="submit" name="outcome" value="decline">Decline card</button>
        </form>
        <p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`),
    };
  }
  const pageHtml = (main: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1>${main}</main></body></html>`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const method = request.method ?? '';
    const { pathname: path, search } = new URL(request.url ?? '/', 'http://fake');
    const body = decodeStripeForm(raw);

    const hosted = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (hosted) {
      const id = decodeURIComponent(hosted[1]!);
      const session = current(id);
      if (method === 'POST' && session?.status === 'open' && (body.outcome === 'paid' || body.outcome === 'processing')) {
        let location: string;
        try {
          location = complete(id, body.outcome);
        } catch (cause) {
          response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
          return response.end((cause as Error).message);
        }
        response.writeHead(303, { location });
        response.end();
        return deliverLater('checkout.session.completed', id);
      }
      const shown = page(session, method === 'POST' && body.outcome === 'decline' ? 'Your card was declined.' : undefined);
      response.writeHead(shown.status, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(shown.html);
    }

    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method, path, query: decodeStripeForm(search.slice(1)), idempotencyKey, body });
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': randomId('req_', 14), 'stripe-version': API_VERSION };
    const send = ({ status, body: out }: Reply, extra: Record<string, string> = {}) => {
      response.writeHead(status, { ...headers, ...extra });
      response.end(JSON.stringify(out, null, 2));
    };
    const auth = request.headers.authorization;
    if (!auth) return send(error(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."));
    if (auth !== `Bearer ${FAKE_STRIPE_SECRET}`) {
      const key = auth.replace(/^Bearer /, '');
      return send(error(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`));
    }

    const fault = faults.take(method, path);
    // The key rolled or revoked in the Dashboard meanwhile.
    if (fault === '401') return send(error(401, 'invalid_request_error', 'Expired API Key provided: sk_test_****fake. Application access may have been revoked.'));
    if (fault === 'hang') return void hanging.push(response);
    if (fault === 'drop') return void response.socket?.destroy();
    const fingerprint = `${method} ${path} ${canonical(body)}`;
    const kept = method === 'POST' && idempotencyKey ? replies.get(idempotencyKey) : undefined;
    if (kept && kept.fingerprint === fingerprint) return send(kept.reply, { 'idempotency-key': idempotencyKey!, 'idempotent-replayed': 'true', 'original-request': 'req_original' });
    if (kept) {
      return send(error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`));
    }

    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(path);
    const sessionId = sessionMatch ? decodeURIComponent(sessionMatch[1]!) : '';
    let reply: Reply;
    if (fault === '500') reply = error(500, 'api_error', 'An unknown error occurred while processing your request.');
    else if (method === 'POST' && path === '/v1/checkout/sessions') reply = createSession(body, request.headers['stripe-version'] as string | undefined);
    else if (method === 'GET' && sessionMatch && !sessionMatch[2]) {
      const session = current(sessionId);
      reply = session ? { status: 200, body: session } : noSuch('checkout.session', sessionId, 'session');
    } else if (method === 'GET' && sessionMatch?.[2] === '/line_items') reply = listLineItems(sessionId);
    else if (method === 'POST' && sessionMatch?.[2] === '/expire') reply = expire(sessionId);
    else if (method === 'POST' && path === '/v1/refunds') reply = refund(body);
    else if (method === 'GET' && path === '/v1/refunds') reply = listRefunds(decodeStripeForm(search.slice(1)));
    else if (method === 'GET' && path === '/v1/balance') reply = balance();
    else reply = error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). This fake Stripe knows checkout sessions, refunds and balance.`, {}, false);
    // A 500, before or after the work, is Stripe's answer to this key from now on (Stripe keeps it too).
    if (fault === '500-after') reply = error(500, 'api_error', 'An unknown error occurred while processing your request.');
    if (method === 'POST' && idempotencyKey && reply.keep !== false) replies.set(idempotencyKey, { fingerprint, reply });
    if (fault === 'drop-after') return void response.socket?.destroy();
    send(reply, method === 'POST' && idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((cause: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(cause));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    /** Webhook deliveries done so far (by `deliver()`, the hosted page and `settleAsync()`). */
    deliveries: webhooks.deliveries,
    sessions: (): StripeSession[] => [...sessions.keys()].map((id) => structuredClone(current(id)!)),
    sessionCreates: () => calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions'),
    /** Makes the next matching calls fail (support/faults.ts). */
    faults,
    /** Refunds Stripe made (money that went back), whatever it answered. */
    madeRefunds: () => madeRefunds.map((r) => structuredClone(r)),
    refunds: () => calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds'),
    /** What the hosted page's "Pay" / "Authorize, confirm later" buttons do; returns where it redirects. */
    pay(sessionId: string, outcome: 'paid' | 'processing') {
      const location = complete(sessionId, outcome);
      deliverLater('checkout.session.completed', sessionId);
      return location;
    },
    /** A delayed payment (outcome 'processing') finishes; resolves to the webhook's status, or null without webhookUrl. */
    async settleAsync(sessionId: string, result: 'succeeded' | 'failed') {
      const session = current(sessionId);
      const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined;
      if (!session || !intent || intent.status !== 'processing') throw new Error(`fake Stripe: session ${sessionId} has no payment waiting to settle`);
      intent.status = result === 'succeeded' ? 'succeeded' : 'requires_payment_method';
      if (result === 'succeeded') session.payment_status = 'paid';
      if (!options.webhookUrl) return null;
      return deliver(result === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', sessionId);
    },
    /** From now on the session reports these, as if Stripe had charged something else. */
    tamper(sessionId: string, change: { amount_total?: number; currency?: string }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
      if (change.amount_total !== undefined) session.amount_total = change.amount_total;
      if (change.currency !== undefined) session.currency = change.currency;
    },
    event,
    /** Signs `event(type, sessionId)` and POSTs it to webhookUrl; resolves to the answer's status. */
    deliver,
    /** Waits for the deliveries the fake made by itself. */
    flush: webhooks.flush,
    stop: async () => {
      webhooks.stop();
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
