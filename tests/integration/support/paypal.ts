/**
 * A fake PayPal REST API (OAuth token, Orders v2, captures and refunds, webhook verification) on
 * loopback that answers as PayPal's API reference says:
 *   - POST /v1/oauth2/token with Basic `client_id:secret` issues Bearer tokens; every other /v1 and
 *     /v2 call needs one of them or gets 401 AUTHENTICATION_FAILURE;
 *   - JSON POSTs without `Content-Type: application/json` are 415, as PayPal does (even an empty
 *     capture body);
 *   - `PayPal-Request-Id` on a POST replays the first successful answer for that id and path
 *     (failed answers are not kept, so a retry after fixing the cause runs again);
 *   - errors are `{ name, message, details: [{ field?, value?, location?, issue, description }],
 *     debug_id, links }` with PayPal's statuses (400 INVALID_REQUEST, 404 RESOURCE_NOT_FOUND,
 *     422 UNPROCESSABLE_ENTITY);
 *   - `Prefer: return=representation` answers the full order on create and capture; the default is
 *     the minimal answer.
 * Amounts are strict: `value` is a string with exactly the currency's digits (0 for HUF, JPY, TWD,
 * else 2), currencies PayPal does not take (KRW, VND, CNY…) are 422 CURRENCY_NOT_SUPPORTED.
 * The approval page /checkoutnow?token=ID has "Pay Now", "Pay with a card that will be declined"
 * (the capture then fails with INSTRUMENT_DECLINED until the buyer approves again with "Pay Now")
 * and "Cancel and return to merchant". With `webhookUrl`, CHECKOUT.ORDER.APPROVED is delivered
 * after an approval and PAYMENT.CAPTURE.COMPLETED after a capture. Webhook signatures are random:
 * /v1/notifications/verify-webhook-signature answers SUCCESS only for a transmission the fake
 * issued, with its event unchanged. Only API calls (/v1/…, /v2/…) are recorded in `calls`.
 * `faults.inject()` makes the next matching calls fail as PayPal can (support/faults.ts); work done
 * before a 500 or a dropped connection is kept for its PayPal-Request-Id, so a retry under that id
 * answers what was done, as PayPal's idempotency does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { faultPlan } from './faults.ts';
import { webhookSender } from './webhook-sender.ts';

export const FAKE_PAYPAL_CLIENT_ID = 'fake-paypal-client';
export const FAKE_PAYPAL_SECRET = 'fake-paypal-secret';
export const FAKE_PAYPAL_WEBHOOK_ID = 'WH-FAKE-0123456789';

/** Currencies PayPal takes (CNY only for in-country accounts, so not here), and those without decimals. */
const SUPPORTED = new Set(['AUD', 'BRL', 'CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'JPY', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'SEK', 'SGD', 'THB', 'TWD', 'USD']);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
const MERCHANT_ID = 'FAKEMERCHANT7Q';

export interface PaypalCall {
  method: string;
  path: string;
  query: Record<string, string>;
  requestId: string | undefined;
  body: Record<string, unknown>;
}

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export type PaypalEventType = 'CHECKOUT.ORDER.APPROVED' | 'PAYMENT.CAPTURE.COMPLETED' | (string & {});

interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: Record<string, unknown> & { reference_id: string; amount: PaypalMoney };
  returnUrl: string;
  cancelUrl: string;
  payer: Payer | null;
  decline: boolean;
  captureId: string | null;
  tamper: Partial<PaypalMoney>;
  createTime: string;
  updateTime: string;
}

interface Capture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: PaypalMoney;
  refunded: number;
  createTime: string;
  updateTime: string;
}

interface Reply {
  status: number;
  body: unknown;
}

interface Detail {
  field?: string;
  value?: string;
  location?: string;
  issue: string;
  description: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomUpper = (length: number) => Array.from(randomBytes(length), (byte) => UPPER[byte % UPPER.length]).join('');
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const digitsOf = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);
const toMinor = (money: PaypalMoney) => Math.round(Number(money.value) * 10 ** digitsOf(money.currency_code));
const fromMinor = (minor: number, currency: string): PaypalMoney => ({ currency_code: currency, value: (minor / 10 ** digitsOf(currency)).toFixed(digitsOf(currency)) });
const withQuery = (base: string, params: Record<string, string>) => {
  const target = new URL(base);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
};
/** JSON with object keys sorted, to compare events whatever their key order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

export async function startFakePaypal(options: { port?: number; webhookUrl?: string } = {}) {
  const faults = faultPlan();
  const hanging: ServerResponse[] = [];
  const internalError = (): Reply => ({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: randomBytes(7).toString('hex').slice(0, 13), links: [{ href: 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/#INTERNAL_SERVER_ERROR', rel: 'information_link' }] } });
  const calls: PaypalCall[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const replies = new Map<string, Reply>();
  const issued = new Map<string, { headers: Record<string, string>; event: unknown }>();
  const webhooks = webhookSender<string>(options.webhookUrl, 'PayPal');
  let url = '';

  const problem = (status: number, name: string, message: string, details: Detail[], links: unknown[] = []): Reply => ({
    status,
    body: {
      name, details, message, debug_id: randomBytes(7).toString('hex').slice(0, 13),
      links: [...details.map((d) => ({ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${d.issue}`, rel: 'information_link', method: 'GET' })), ...links],
    },
  });
  const badRequest = (issue: string, description: string, field?: string, value?: string) =>
    problem(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field, value, location: field ? 'body' : undefined, issue, description }]);
  const missing = (field: string) => badRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', field);
  const unprocessable = (issue: string, description: string, field?: string, value?: string, links: unknown[] = []) =>
    problem(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [{ field, value, location: field ? 'body' : undefined, issue, description }], links);
  const notFound = (field: string, value: string) =>
    problem(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ field, value, location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);

  /** PayPal's checks on a money object: a supported currency and a string with the currency's digits. */
  function checkMoney(raw: unknown, field: string): Reply | PaypalMoney {
    const money = asRecord(raw);
    if (!money) return missing(field);
    const { currency_code: currency, value } = money;
    if (currency === undefined) return missing(`${field}/currency_code`);
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return badRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', `${field}/currency_code`, String(currency));
    if (!SUPPORTED.has(currency)) {
      return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.', `${field}/currency_code`, currency);
    }
    if (value === undefined) return missing(`${field}/value`);
    if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) return unprocessable('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', `${field}/value`, String(value));
    const decimals = value.split('.')[1];
    if (digitsOf(currency) === 0 && decimals !== undefined) return unprocessable('DECIMALS_NOT_SUPPORTED', 'Currency does not support decimals.', `${field}/value`, value);
    if (digitsOf(currency) === 2 && decimals?.length !== 2) {
      return unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', `${field}/value`, value);
    }
    return { currency_code: currency, value };
  }
  const isReply = (value: Reply | PaypalMoney): value is Reply => 'status' in value;

  /** With items, PayPal wants item_total to match them and the breakdown to add up to the amount. */
  function checkBreakdown(unit: Record<string, unknown>, amount: PaypalMoney, at: string): Reply | null {
    const breakdown = asRecord(asRecord(unit.amount)?.breakdown);
    const parts: Record<string, number> = {};
    for (const key of ['item_total', 'tax_total', 'shipping', 'handling', 'insurance', 'shipping_discount', 'discount']) {
      if (breakdown?.[key] === undefined) continue;
      const money = checkMoney(breakdown[key], `${at}/amount/breakdown/${key}`);
      if (isReply(money)) return money;
      if (money.currency_code !== amount.currency_code) return unprocessable('CURRENCY_MISMATCH', 'Currency code should be the same for all amounts in the purchase unit.', `${at}/amount/breakdown/${key}/currency_code`, money.currency_code);
      parts[key] = toMinor(money);
    }
    if (Array.isArray(unit.items) && unit.items.length) {
      if (parts.item_total === undefined) return unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.', `${at}/amount/breakdown/item_total`);
      let sum = 0;
      for (const [i, raw] of unit.items.entries()) {
        const item = asRecord(raw) ?? {};
        const price = checkMoney(item.unit_amount, `${at}/items/${i}/unit_amount`);
        if (isReply(price)) return price;
        if (!/^[1-9]\d{0,9}$/.test(String(item.quantity))) return badRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', `${at}/items/${i}/quantity`, String(item.quantity));
        if (typeof item.name !== 'string' || !item.name) return missing(`${at}/items/${i}/name`);
        sum += toMinor(price) * Number(item.quantity);
      }
      if (sum !== parts.item_total) return unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.', `${at}/amount/breakdown/item_total/value`);
    }
    if (breakdown) {
      const p = (key: string) => parts[key] ?? 0;
      const total = p('item_total') + p('tax_total') + p('shipping') + p('handling') + p('insurance') - p('shipping_discount') - p('discount');
      if (total !== toMinor(amount)) return unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.', `${at}/amount/value`, amount.value);
    }
    return null;
  }

  const payerSource = (payer: Payer) => ({ paypal: { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name, address: payer.address } });

  function captureView(capture: Capture) {
    const order = orders.get(capture.orderId)!;
    return {
      id: capture.id, status: capture.status, amount: capture.amount, final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      custom_id: order.unit.custom_id, invoice_id: order.unit.invoice_id,
      links: [
        { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${url}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
      create_time: capture.createTime, update_time: capture.updateTime,
    };
  }

  function orderLinks(order: Order) {
    const self = { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
    if (order.status === 'PAYER_ACTION_REQUIRED') return [self, { href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }];
    if (order.status === 'APPROVED') return [self, { href: `${url}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }];
    return [self];
  }

  /** The order as GET /v2/checkout/orders/:id shows it. */
  function orderView(order: Order) {
    const capture = order.captureId ? captures.get(order.captureId) : undefined;
    return {
      id: order.id, intent: 'CAPTURE', status: order.status,
      payment_source: order.payer ? payerSource(order.payer) : { paypal: {} },
      purchase_units: [{
        ...order.unit, payee: { email_address: 'merchant@studio-lumi.example', merchant_id: MERCHANT_ID },
        ...(capture ? { payments: { captures: [captureView(capture)] } } : {}),
      }],
      ...(order.payer ? { payer: order.payer } : {}),
      create_time: order.createTime, update_time: order.updateTime, links: orderLinks(order),
    };
  }

  function createOrder(body: Record<string, unknown>, full: boolean): Reply {
    if (body.intent === undefined) return missing('/intent');
    if (body.intent !== 'CAPTURE') return badRequest('INVALID_PARAMETER_VALUE', 'This fake supports only intent CAPTURE.', '/intent', String(body.intent));
    if (!Array.isArray(body.purchase_units) || body.purchase_units.length === 0) return missing('/purchase_units');
    if (body.purchase_units.length !== 1) return unprocessable('INVALID_ARRAY_MAX_ITEMS', 'This fake takes exactly one purchase unit.', '/purchase_units');
    const unit = asRecord(body.purchase_units[0]);
    if (!unit) return missing('/purchase_units/0');
    const referenceId = typeof unit.reference_id === 'string' && unit.reference_id ? unit.reference_id : 'default';
    const at = `/purchase_units/@reference_id=='${referenceId}'`;
    // PayPal's lengths: reference_id up to 256 characters, custom_id up to 255.
    if (referenceId.length > 256) return badRequest('INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.', `${at}/reference_id`, referenceId);
    if (typeof unit.custom_id === 'string' && (unit.custom_id.length < 1 || unit.custom_id.length > 255)) return badRequest('INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.', `${at}/custom_id`, unit.custom_id);
    const amount = checkMoney(unit.amount, `${at}/amount`);
    if (isReply(amount)) return amount;
    if (toMinor(amount) <= 0) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.', `${at}/amount/value`, amount.value);
    const breakdown = checkBreakdown(unit, amount, at);
    if (breakdown) return breakdown;
    const context = asRecord(asRecord(asRecord(body.payment_source)?.paypal)?.experience_context);
    for (const key of ['return_url', 'cancel_url'] as const) {
      const field = `/payment_source/paypal/experience_context/${key}`;
      if (typeof context?.[key] !== 'string') return missing(field);
      if (!URL.canParse(context[key] as string)) return badRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', field, context[key] as string);
    }
    const time = isoNow();
    const order: Order = {
      id: randomUpper(17), status: 'PAYER_ACTION_REQUIRED', unit: { ...unit, reference_id: referenceId, amount: { ...(unit.amount as object), ...amount } },
      returnUrl: context!.return_url as string, cancelUrl: context!.cancel_url as string,
      payer: null, decline: false, captureId: null, tamper: {}, createTime: time, updateTime: time,
    };
    orders.set(order.id, order);
    return { status: 200, body: full ? orderView(order) : { id: order.id, status: order.status, payment_source: { paypal: {} }, links: orderLinks(order) } };
  }

  function capture(orderId: string, full: boolean): Reply {
    const order = orders.get(orderId);
    if (!order) return notFound('order_id', orderId);
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
    if (order.status !== 'APPROVED') {
      return unprocessable('ORDER_NOT_APPROVED', "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.");
    }
    if (order.decline) {
      return unprocessable('INSTRUMENT_DECLINED', "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.", undefined, undefined, [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' }]);
    }
    const time = isoNow();
    const made: Capture = { id: randomUpper(17), orderId, status: 'COMPLETED', amount: { ...order.unit.amount, ...order.tamper }, refunded: 0, createTime: time, updateTime: time };
    // Only currency_code and value: the order's breakdown is not part of a capture's amount.
    made.amount = { currency_code: made.amount.currency_code, value: made.amount.value };
    captures.set(made.id, made);
    Object.assign(order, { status: 'COMPLETED', captureId: made.id, updateTime: time });
    if (full) return { status: 201, body: orderView(order) };
    return {
      status: 201,
      body: {
        id: order.id, status: order.status, payment_source: payerSource(order.payer!),
        purchase_units: [{ reference_id: order.unit.reference_id, payments: { captures: [captureView(made)] } }],
        payer: order.payer, links: orderLinks(order),
      },
    };
  }

  function refund(captureId: string, body: Record<string, unknown>): Reply {
    const found = captures.get(captureId);
    if (!found) return notFound('capture_id', captureId);
    const currency = found.amount.currency_code;
    const remaining = toMinor(found.amount) - found.refunded;
    if (remaining <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    let amount = remaining;
    if (body.amount !== undefined) {
      const asked = checkMoney(body.amount, '/amount');
      if (isReply(asked)) return asked;
      if (asked.currency_code !== currency) return unprocessable('CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.', '/amount/currency_code', asked.currency_code);
      amount = toMinor(asked);
      if (amount <= 0) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', '/amount/value', asked.value);
    }
    if (amount > remaining) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    const time = isoNow();
    found.refunded += amount;
    found.status = found.refunded === toMinor(found.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    found.updateTime = time;
    const id = randomUpper(17);
    return {
      status: 201,
      body: {
        id, status: 'COMPLETED', amount: fromMinor(amount, currency), note_to_payer: body.note_to_payer, invoice_id: body.invoice_id, create_time: time, update_time: time,
        links: [{ href: `${url}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' }, { href: `${url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      },
    };
  }

  function verify(body: Record<string, unknown>): Reply {
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (body[field] === undefined || body[field] === '') {
        return { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request - see details', debug_id: randomBytes(7).toString('hex').slice(0, 13), details: [{ field, location: 'body', issue: 'Required field cannot be blank' }], links: [] } };
      }
    }
    const sent = issued.get(String(body.transmission_id));
    const ok = body.webhook_id === FAKE_PAYPAL_WEBHOOK_ID && sent !== undefined &&
      sent.headers['paypal-transmission-sig'] === body.transmission_sig && sent.headers['paypal-transmission-time'] === body.transmission_time &&
      sent.headers['paypal-auth-algo'] === body.auth_algo && sent.headers['paypal-cert-url'] === body.cert_url &&
      canonical(sent.event) === canonical(body.webhook_event);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  /** What the approval page's "Pay Now" ('approve') and declined-card ('decline') buttons do; returns where it redirects. */
  function approveOrder(orderId: string, outcome: 'approve' | 'decline') {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    if (order.status === 'COMPLETED') throw new Error(`fake PayPal: order ${orderId} is already captured`);
    order.payer ??= { name: { given_name: 'Jamie', surname: 'Buyer' }, email_address: 'buyer@personal.example.com', payer_id: randomUpper(13), address: { country_code: 'US' } };
    Object.assign(order, { status: 'APPROVED', decline: outcome === 'decline', updateTime: isoNow() });
    return withQuery(order.returnUrl, { token: order.id, PayerID: order.payer.payer_id });
  }

  /** A webhook event about the order as it is now, with transmission headers the verify endpoint will accept. */
  function event(type: PaypalEventType, orderId: string, eventOptions: { id?: string } = {}) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    let resource: unknown;
    let summary: string;
    let resourceType: string;
    if (type.startsWith('PAYMENT.CAPTURE.')) {
      const made = order.captureId ? captures.get(order.captureId) : undefined;
      if (!made) throw new Error(`fake PayPal: order ${orderId} has no capture for ${type}`);
      resource = { ...captureView(made), supplementary_data: { related_ids: { order_id: order.id } } };
      resourceType = 'capture';
      summary = type === 'PAYMENT.CAPTURE.COMPLETED' ? `Payment completed for ${made.amount.value} ${made.amount.currency_code}` : `Payment ${type.slice(16).toLowerCase()}`;
    } else {
      resource = orderView(order);
      resourceType = 'checkout-order';
      summary = type === 'CHECKOUT.ORDER.APPROVED' ? 'An order has been approved by buyer' : `Checkout order ${type.split('.').pop()!.toLowerCase()}`;
    }
    const id = eventOptions.id ?? `WH-${randomUpper(17)}-${randomUpper(17)}`;
    const body = JSON.stringify({ id, event_version: '1.0', create_time: isoNow(), resource_type: resourceType, resource_version: '2.0', event_type: type, summary, resource, links: [] });
    const headers = {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${url}/v1/notifications/certs/CERT-fake`,
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': randomBytes(256).toString('base64'),
      'paypal-transmission-time': isoNow(),
    };
    issued.set(headers['paypal-transmission-id'], { headers, event: JSON.parse(body) });
    return { id, body, headers: headers as Record<string, string> };
  }

  function deliver(type: PaypalEventType, orderId: string): Promise<number | null> {
    const built = event(type, orderId);
    return webhooks.send({ id: built.id, type, subject: orderId, headers: built.headers, body: built.body });
  }

  /** Fire and forget, after the answer that caused it; `flush()` waits for these. */
  function deliverLater(type: PaypalEventType, orderId: string) {
    webhooks.later(() => deliver(type, orderId));
  }


  function page(order: Order | undefined) {
    const html = (main: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake PayPal</title></head><body><main><h1>Fake PayPal</h1>${main}</main></body></html>`;
    if (!order) return { status: 404, html: html('<p role="alert">This order does not exist.</p>') };
    const { amount } = order.unit;
    const description = typeof order.unit.description === 'string' ? `<p>${escapeHtml(order.unit.description)}</p>` : '';
    const summary = `${description}<p>Total: <strong>${escapeHtml(amount.value)} ${escapeHtml(amount.currency_code)}</strong></p>`;
    if (order.status === 'COMPLETED') return { status: 200, html: html(`${summary}<p role="status">This order has already been paid.</p>`) };
    return {
      status: 200,
      html: html(`${summary}
        <form method="post" action="/checkoutnow?token=${escapeHtml(order.id)}">
          <button type="submit" name="action" value="approve">Pay Now</button>
          <button type="submit" name="action" value="decline">Pay with a card that will be declined</button>
          <button type="submit" name="action" value="cancel">Cancel and return to merchant</button>
        </form>`),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const method = request.method ?? '';
    const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(searchParams);

    if (path === '/checkoutnow') {
      const order = orders.get(query.token ?? '');
      const action = new URLSearchParams(raw).get('action');
      if (method === 'POST' && order && order.status !== 'COMPLETED' && (action === 'approve' || action === 'decline' || action === 'cancel')) {
        const location = action === 'cancel' ? withQuery(order.cancelUrl, { token: order.id }) : approveOrder(order.id, action);
        response.writeHead(303, { location });
        response.end();
        if (action !== 'cancel') deliverLater('CHECKOUT.ORDER.APPROVED', order.id);
        return;
      }
      const shown = page(order);
      response.writeHead(shown.status, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(shown.html);
    }

    const requestId = request.headers['paypal-request-id'] as string | undefined;
    const isToken = path === '/v1/oauth2/token';
    const contentType = request.headers['content-type'] ?? '';
    let body: Record<string, unknown> = {};
    let malformed = false;
    if (isToken) body = Object.fromEntries(new URLSearchParams(raw));
    else if (raw.trim()) {
      try {
        body = asRecord(JSON.parse(raw)) ?? {};
      } catch {
        malformed = true;
      }
    }
    calls.push({ method, path, query, requestId, body });
    const send = ({ status, body: out }: Reply) => {
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(7).toString('hex').slice(0, 13) });
      response.end(out === undefined ? '' : JSON.stringify(out));
    };

    if (isToken && method === 'POST') {
      const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send({ status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } });
      if (body.grant_type !== 'client_credentials') {
        return send({ status: 400, body: { error: 'unsupported_grant_type', error_description: body.grant_type ? `Grant Type ${String(body.grant_type)} is not supported` : 'Grant Type is NULL' } });
      }
      const token = `A21AA${randomBytes(66).toString('base64url')}`;
      tokens.add(token);
      return send({
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/payments/payment/authcapture https://uri.paypal.com/services/notifications/webhooks openid',
          access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: `${isoNow()}${randomBytes(16).toString('base64url')}`,
        },
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send({
        status: 401,
        body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }] },
      });
    }
    if (method === 'POST' && !/^application\/json\b/i.test(contentType)) {
      return send({ status: 415, body: { name: 'UNSUPPORTED_MEDIA_TYPE', message: 'The server does not support the request payload’s media type.', debug_id: randomBytes(7).toString('hex').slice(0, 13), details: [{ issue: 'UNSUPPORTED_MEDIA_TYPE', description: 'The API cannot process the requested media type. Use application/json.' }], links: [] } });
    }
    if (malformed) return send(badRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
    const replayKey = method === 'POST' && requestId ? `${path} ${requestId}` : null;
    if (replayKey && replies.has(replayKey)) return send(replies.get(replayKey)!);
    const fault = faults.take(method, path);
    // The app's credentials revoked meanwhile.
    if (fault === '401') return send({ status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', links: [] } });
    if (fault === 'hang') return void hanging.push(response);
    if (fault === 'drop') return void response.socket?.destroy();
    if (fault === '500') return send(internalError());

    const full = /return=representation/.test(String(request.headers.prefer ?? ''));
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    let reply: Reply;
    if (method === 'POST' && path === '/v2/checkout/orders') reply = createOrder(body, full);
    else if (method === 'POST' && orderMatch?.[2]) reply = capture(decodeURIComponent(orderMatch[1]!), full);
    else if (method === 'GET' && orderMatch && !orderMatch[2]) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      reply = order ? { status: 200, body: orderView(order) } : notFound('order_id', decodeURIComponent(orderMatch[1]!));
    } else if (method === 'POST' && captureMatch?.[2]) reply = refund(decodeURIComponent(captureMatch[1]!), body);
    else if (method === 'GET' && captureMatch && !captureMatch[2]) {
      const found = captures.get(decodeURIComponent(captureMatch[1]!));
      reply = found ? { status: 200, body: captureView(found) } : notFound('capture_id', decodeURIComponent(captureMatch[1]!));
    } else if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') reply = verify(body);
    else reply = { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID', description: `This fake PayPal does not know ${method} ${path}.` }], links: [] } };
    if (replayKey && reply.status < 300) replies.set(replayKey, reply);
    if (fault === 'drop-after') return void response.socket?.destroy();
    send(fault === '500-after' ? internalError() : reply);
    if (method === 'POST' && orderMatch?.[2] && reply.status === 201) deliverLater('PAYMENT.CAPTURE.COMPLETED', decodeURIComponent(orderMatch[1]!));
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
    /** Webhook deliveries done so far (by `deliver()`, the approval page and captures). */
    deliveries: webhooks.deliveries,
    orders: () => [...orders.values()].map(orderView),
    tokens: () => calls.filter((c) => c.path === '/v1/oauth2/token'),
    creates: () => calls.filter((c) => c.method === 'POST' && c.path === '/v2/checkout/orders'),
    captures: () => calls.filter((c) => c.method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(c.path)),
    refunds: () => calls.filter((c) => c.method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(c.path)),
    /** Makes the next matching calls fail (support/faults.ts). */
    faults,
    approve(paypalOrderId: string, outcome: 'approve' | 'decline') {
      const location = approveOrder(paypalOrderId, outcome);
      deliverLater('CHECKOUT.ORDER.APPROVED', paypalOrderId);
      return location;
    },
    /** The capture then reports this amount (an already made capture too), as if PayPal had charged something else. */
    tamper(paypalOrderId: string, change: { value?: string; currency_code?: string }) {
      const order = orders.get(paypalOrderId);
      if (!order) throw new Error(`fake PayPal: no order ${paypalOrderId}`);
      order.tamper = { ...order.tamper, ...change };
      const made = order.captureId ? captures.get(order.captureId) : undefined;
      if (made) made.amount = { ...made.amount, ...change };
    },
    event,
    /** Builds `event(type, paypalOrderId)` and POSTs it to webhookUrl; resolves to the answer's status. */
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

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
