/**
 * Starting a payment (POST /api/payments/start): the caller's own payable order, a choice its store
 * offers, then a new attempt at the provider that carries the choice. Redirect providers (Stripe,
 * PayPal, the sandbox in their place) answer the URL of their page; Toss answers what its widget in
 * our page needs (the attempt is recorded when Toss's payment key comes back). Return and cancel
 * addresses are built from PUBLIC_URL only (D24).
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { Accessor } from '../../../domain/order-access.ts';
import { allocateMinor, assertPayable, type PaymentChoice } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import { orderLines, orderQuotes } from '../../db/schema.ts';
import { orderFor } from '../orders/order-access.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { failAttempt, openAttempt, setAttemptReference } from './attempts.ts';
import type { PaymentRegistry } from './providers/index.ts';
import type { OrderToPay, PaymentProvider } from './providers/provider.ts';
import type { ReturnRefs } from './return-refs.ts';

export interface StartInput {
  orderId: string;
  provider: PaymentChoice;
  /** The sandbox's test card chosen in the page (ignored by real providers). */
  testCard?: string | undefined;
}

type StartOutcome =
  | { provider: PaymentChoice; redirectUrl: string }
  | {
    provider: PaymentChoice;
    /** What Toss's widget needs: requestPayment with these, then our success or fail page. */
    widget: { clientKey: string; orderId: string; orderName: string; amount: number; currency: string; customerName: string; customerEmail: string; successUrl: string; failUrl: string };
  };

/** The newest quote of a quoted order: what an attempt started now pays (D28). */
async function newestQuote(db: Database, order: OrderRow) {
  if (order.status !== 'quoted') return undefined;
  const [quote] = await db.select({ version: orderQuotes.version, lines: orderQuotes.lines }).from(orderQuotes).where(eq(orderQuotes.orderId, order.id)).orderBy(desc(orderQuotes.version)).limit(1);
  return quote;
}

/** The order's lines as a provider lists them, adding up to the order's amount exactly. */
async function linesToPay(db: Database, order: OrderRow, quote: Awaited<ReturnType<typeof newestQuote>>): Promise<OrderToPay['lines']> {
  // A quote is paid as staff wrote it: its newest version's lines, which add up to the order's amount.
  if (quote) return quote.lines.map((line) => ({ name: line.description, quantity: 1, amountMinor: line.amount }));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  const amounts = allocateMinor(lines.map((line) => line.totalKrw), order.amountMinor);
  return lines.map((line, index) => {
    const amountMinor = amounts[index]!;
    // A template bought twice is listed as two of one price when that divides evenly; a service's
    // quantity is its images, already in its name and price.
    const quantity = line.kind === 'template' && line.quantity > 1 && amountMinor % line.quantity === 0 ? line.quantity : 1;
    return { name: quantity === 1 && line.quantity > 1 && line.kind === 'template' ? `${line.name} × ${line.quantity}` : line.name, quantity, amountMinor };
  }).filter((line) => line.amountMinor > 0);
}

/**
 * Where the provider sends the payer back. Each address carries `ref` (return-refs.ts): the page
 * it opens knows the visitor came through this order's payment, so a payment that did not go
 * through can show its payer the way back to the order (kept-order.ts), guest or not.
 */
function returnAddresses(origin: string, order: OrderRow, provider: PaymentProvider, refs: ReturnRefs) {
  const page = (name: 'success' | 'fail', extra: string) => `${origin}/${order.country}/payment/${name}?provider=${provider.name}&orderId=${encodeURIComponent(order.orderNumber)}&ref=${refs.refFor(order.orderNumber)}${extra}`;
  return {
    // Stripe puts the session's id in place of its template; PayPal adds token and PayerID.
    returnUrl: page('success', provider.name === 'stripe' ? '&session_id={CHECKOUT_SESSION_ID}' : ''),
    cancelUrl: page('fail', '&code=PAY_PROCESS_CANCELED'),
    failUrl: page('fail', ''),
  };
}

export async function startPayment(db: Database, registry: PaymentRegistry, origin: string, accessor: Accessor, input: StartInput, refs: ReturnRefs): Promise<StartOutcome> {
  const order = await orderFor(db, accessor, input.orderId, 'pay');
  const provider = registry.forChoice(order.country, input.provider);
  assertPayable(order);
  const addresses = returnAddresses(origin, order, provider, refs);

  if (provider.name === 'toss') {
    // Toss's attempt is recorded when its payment key comes back; its widget lists no lines.
    const started = await provider.start({ order: { ...orderToPay(order), lines: [] }, method: input.provider, idempotencyKey: '', ...addresses, testCard: undefined });
    if (started.kind !== 'widget') throw new Error('toss answered a redirect');
    return {
      provider: input.provider,
      widget: {
        clientKey: started.clientKey, orderId: order.orderNumber, orderName: order.orderName, amount: order.amountMinor, currency: order.currency,
        customerName: order.customerName, customerEmail: order.customerEmail,
        // SPEC's Toss flow: its window returns to our pages with paymentKey, orderId and amount (or
        // code and message) added; `ref` proves the return came through this start (return-refs.ts).
        successUrl: `${origin}/${order.country}/payment/success?ref=${refs.refFor(order.orderNumber)}`, failUrl: `${origin}/${order.country}/payment/fail?ref=${refs.refFor(order.orderNumber)}`,
      },
    };
  }

  const quote = await newestQuote(db, order);
  const attempt = await openAttempt(db, { orderId: order.id, provider: provider.name, method: input.provider, amountMinor: order.amountMinor, currency: order.currency, idempotencyKey: `pay:${randomUUID()}`, quoteVersion: quote?.version ?? null });
  let started;
  try {
    started = await provider.start({ order: { ...orderToPay(order), lines: await linesToPay(db, order, quote) }, method: input.provider, idempotencyKey: attempt.idempotencyKey, ...addresses, testCard: input.testCard });
  } catch (error) {
    // Nothing was opened at the provider (or we cannot know): this attempt ends here; a new click is a new attempt.
    await failAttempt(db, attempt.id, error instanceof Error ? error.message : 'start failed');
    throw error;
  }
  if (started.kind !== 'redirect') throw new Error(`${provider.name} answered a widget`);
  await setAttemptReference(db, attempt.id, started.reference);
  return { provider: input.provider, redirectUrl: started.redirectUrl };
}

function orderToPay(order: OrderRow): Omit<OrderToPay, 'lines'> {
  return {
    orderNumber: order.orderNumber, orderName: order.orderName, amountMinor: order.amountMinor, currency: order.currency, language: order.language,
    customerName: order.customerName, customerEmail: order.customerEmail,
    payBefore: order.status === 'quoted' ? order.quoteValidUntil : null,
  };
}
