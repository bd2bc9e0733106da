/**
 * Payments (SPEC section 7, D26-D29): the store's choices, starting a payment, confirming the
 * payer's return, the providers' webhooks, the sandbox's approval, and SPEC's static return pages.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { PAYMENT_CHOICES, PROVIDER_NAMES, SANDBOX_CARD_CHOICES } from '../payments.ts';
import { ORDER_NUMBER_PATTERN } from '../orders.ts';
import { ORDER_STATUSES } from '../statuses.ts';
import { guestIdField } from '../validation/orders.ts';
import { paypalConfirmSchema, startPaymentSchema, stripeConfirmSchema, widgetConfirmSchema } from '../validation/payments.ts';
import { plainText } from '../validation/schema-helpers.ts';
import { SIGNED_IN_OR_GUEST, errorAnswers, ok, readByRoute, route, storeHeaders, type Answer, type RequestBody } from './http.ts';

const tags = ['payments'];
const security = SIGNED_IN_OR_GUEST;

export const paymentSettingsSchema = z.object({
  choices: z.array(z.object({
    choice: z.enum(PAYMENT_CHOICES),
    provider: z.enum(PROVIDER_NAMES).describe('What carries it now: the sandbox without keys (D29).'),
    test: z.boolean().describe('Takes no real money.'),
  })).describe("In SPEC's order; the first is preselected."),
  tossClientKey: z.string().nullable().describe("Toss's widget client key when Toss takes the Korean store's payments."),
  test: z.boolean().describe('Some choice takes no real money: the page says so (D29).'),
});

export const settings = route({
  operationId: 'settings',
  description: "The payment choices of the store in X-Store-Country by SPEC's names and in SPEC's order, with the client keys a page needs (Toss's widget) and whether each runs as the offline sandbox (D29).",
  headers: storeHeaders,
  summary: "The store's payment choices", tags,
  response: { 200: ok({ country: z.enum(COUNTRY_CODES) }).extend(paymentSettingsSchema.shape) },
});

const widgetSchema = z.object({
  clientKey: z.string(), orderId: z.string(), orderName: z.string(), amount: z.number().int(), currency: z.string(),
  customerName: z.string(), customerEmail: z.string(), successUrl: z.string(), failUrl: z.string(),
});

export const start = route({
  operationId: 'start',
  summary: 'Start paying an order with one of its store\'s choices', tags, security,
  description: 'Answers the provider\'s page to go to (Stripe, PayPal, the sandbox) or what Toss\'s widget in the page needs; either way the payer ends at the store\'s success or fail page.',
  body: startPaymentSchema.meta({ examples: [{ orderId: 'SL-2611-4827-316', provider: 'tosspayments' }] }),
  response: {
    200: z.union([
      ok({ provider: z.enum(PAYMENT_CHOICES), redirectUrl: z.string() }),
      ok({ provider: z.enum(PAYMENT_CHOICES), widget: widgetSchema }),
    ]),
    ...errorAnswers(400, 404, 409, 422, 429, 502),
  },
});

export const confirmBodySchema = z.union([widgetConfirmSchema, stripeConfirmSchema, paypalConfirmSchema]);

export const confirm = route({
  operationId: 'confirm',
  summary: "Confirm a payment on the payer's return", tags,
  description: [
    "SPEC's call, with Toss's (and the sandbox's) `orderId, amount, paymentKey`: all three are required (MISSING_PARAMETERS otherwise).",
    "Stripe's return names its Checkout Session (`provider: stripe, checkoutSessionId`), PayPal's its order (`provider: paypal, paypalOrderId`).",
    'The order is paid only for its exact amount and currency (D25, D27); 202 `processing` when a delayed method is accepted and not yet settled, or when the provider could not be read (a 5xx, a timeout): the store asks it again and settles on its word (D32).',
    "Acted on only for whoever may pay the order (its signed-in owner, `sessionId` naming its guest id, `orderKey` of its private link) or with the reference the store handed out for this order (Stripe's session, PayPal's order, a sandbox key, `ref` of the success URL given to Toss's widget); for anyone else every order answers 404, as an unknown number does. Counted per client and per order number, with the success page's confirms.",
  ].join('\n\n'),
  // Read by the route: which of the three shapes is told by `provider`, and SPEC's missing
  // parameters have their own code; each shape is then checked with its schema here.
  body: readByRoute(confirmBodySchema.meta({ examples: [{ orderId: 'SL-2611-4827-316', amount: 399000, paymentKey: 'tgen_20261126123456abcDE' }] })),
  response: {
    200: ok({ orderId: z.string(), status: z.enum(ORDER_STATUSES), amount: z.number().int(), currency: z.string() }),
    202: ok({ orderId: z.string(), status: z.literal('processing'), amount: z.number().int(), currency: z.string() }),
    ...errorAnswers(400, 402, 404, 409, 429, 502),
  },
});

export const sandboxAuthorizeBody = z.object({
  orderId: plainText().regex(ORDER_NUMBER_PATTERN),
  card: z.enum(SANDBOX_CARD_CHOICES),
  sessionId: guestIdField(),
  orderKey: plainText().max(200).optional(),
});

export const sandboxAuthorize = route({
  operationId: 'sandboxAuthorize',
  summary: "The sandbox page's pay button (no real money, D29)", tags, security,
  description: 'Only while a provider runs as the offline sandbox (404 otherwise). `declined` answers 402 as a card company would.',
  body: sandboxAuthorizeBody,
  response: { 200: ok({ paymentKey: z.string(), orderId: z.string(), amount: z.number().int() }), ...errorAnswers(400, 402, 404, 409, 429) },
});

export const webhook = (provider: 'stripe' | 'paypal') => route({
  operationId: `${provider}Webhook`,
  summary: `${provider === 'stripe' ? "Stripe's" : "PayPal's"} webhook`, tags,
  description: provider === 'stripe'
    ? 'The raw event as Stripe sent it, verified by its `Stripe-Signature` (5 minutes of tolerance); each event id is processed once (D27).'
    : "The raw event as PayPal sent it, verified through PayPal's verify-webhook-signature; each event id is processed once (D27).",
  // The signature covers the bytes exactly as sent: the route reads them raw, never as parsed JSON.
  body: readByRoute(z.object({ id: z.string(), type: z.string().optional(), event_type: z.string().optional() }).loose().describe('The provider\'s event, read as raw bytes.')),
  response: {
    200: z.object({ received: z.literal(true), outcome: z.enum(['ignored', 'duplicate', 'unknown-attempt', 'settled', 'refused', 'failed']) }),
    // 404: the provider is not configured here. 502: the work could not be done now (the provider
    // could not be read); the event is not marked handled, so its redelivery does it (D32).
    ...errorAnswers(400, 404, 429, 502),
  },
});

export const returnPage = (page: 'success' | 'fail') => route({
  operationId: page === 'success' ? 'paymentSuccessPage' : 'paymentFailPage',
  summary: `SPEC's static ${page} return page`, tags,
  description: `Redirects to /{country}/payment/${page} of the caller's store, query and all.`,
  querystring: z.object({}).loose(),
  response: { 302: z.undefined().describe('A redirect (Location header).') },
});

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type PaymentSettingsAnswer = Answer<typeof settings>;
export type StartedPayment = Answer<typeof start>;
export type StartPaymentBody = RequestBody<typeof start>;
export type ConfirmAnswer = Answer<typeof confirm>;
export type SandboxCardChoice = z.infer<typeof sandboxAuthorizeBody>['card'];
