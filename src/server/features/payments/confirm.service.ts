/**
 * Confirming a payment when the payer comes back (SPEC section 7 POST /api/confirm, D4, D25, D27).
 * Toss's widget (and the sandbox standing in for it) returns with a payment key and an amount: the
 * page's amount must be the order's before the provider is asked, since Toss's confirm is what
 * charges. Stripe and PayPal return with their own reference of an attempt the store started: the
 * store asks the provider what happened (a session read back, a capture) and settles on its word.
 * A refreshed return page answers the same without asking again.
 *
 * A return is acted on only for whoever may pay the order (its signed-in owner, the guest naming
 * its guest id, the holder of its private link) or when it carries the reference the store handed
 * out for it: Stripe's session or PayPal's order of an attempt of this order, a sandbox key the
 * server signed for it, or Toss's `ref` (return-refs.ts). Anyone else gets exactly the answer an
 * unknown order number gets, before anything is written or any provider asked (issue 32, item 7).
 */
import { DomainError } from '../../../domain/errors.ts';
import { mayOnOrder, type Accessor } from '../../../domain/order-access.ts';
import { assertPayable, OPEN_ATTEMPT_STATUSES, paymentChoicesOf, type ProviderName } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import { findOrderByNumber, type OrderRow } from '../orders/orders.service.ts';
import { failAttempt, findAttempt, type AttemptRow } from './attempts.ts';
import type { PaymentRegistry } from './providers/index.ts';
import type { PaymentProvider, ProviderWord } from './providers/provider.ts';
import type { ReturnRefs } from './return-refs.ts';
import { askProvider, assertQuoteVersion, referenceHash, settleReturn, type SettleOutcome } from './settle.service.ts';

export type ConfirmInput =
  /** SPEC's shape: Toss's widget, or the sandbox standing in for any provider (its keys start with `sbx.`). */
  | { orderId: string; paymentKey: string; amount: number; provider?: 'toss' | 'sandbox' | undefined; ref?: string | undefined }
  | { orderId: string; provider: 'stripe'; checkoutSessionId: string }
  | { orderId: string; provider: 'paypal'; paypalOrderId: string };

/** Who brings the return back: the accessor read at the edge, and the store's means to check a Toss `ref`. */
export interface ReturnCaller {
  accessor: Accessor;
  refs: ReturnRefs;
  /** Called once the return is known to be the payer's, before any provider is asked (the per-order allowance). */
  admitted?: () => Promise<void>;
}

/** The providers that serve an order's store now: a return may only be confirmed through one of them. */
function storeProvider(registry: PaymentRegistry, order: OrderRow, name: ProviderName): PaymentProvider {
  const provider = registry.choicesFor(order.country).map((c) => c.provider).find((p) => p.name === name);
  if (!provider) throw new DomainError('PAYMENT_METHOD_NOT_OFFERED', { detail: `${order.country} is not paid through ${name}` });
  return provider;
}

/** Toss's widget or the sandbox: the payment key and the amount the page came back with. */
async function confirmWidget(db: Database, registry: PaymentRegistry, order: OrderRow, input: { paymentKey: string; amount: number; provider?: 'toss' | 'sandbox' | undefined }): Promise<SettleOutcome> {
  const name = input.provider ?? (input.paymentKey.startsWith('sbx.') ? 'sandbox' : 'toss');
  const provider = storeProvider(registry, order, name);
  // A refreshed success page: paid with this very key, nothing to ask again.
  if (order.paidAt !== null && order.paymentKey === input.paymentKey && order.paymentProvider === provider.name) return { kind: 'paid', order, newlyPaid: false };
  assertPayable(order);
  // The page's amount must be the order's: nothing is sent to the provider otherwise.
  if (input.amount !== order.amountMinor) throw new DomainError('AMOUNT_MISMATCH', { detail: `page ${input.amount} != order ${order.amountMinor}` });
  // The sandbox's payments were started by the store (its attempt holds the method); Toss's start in the widget.
  const started = provider.name === 'sandbox' ? await findAttempt(db, provider.name, input.paymentKey) : undefined;
  const attempt = {
    method: started?.method ?? paymentChoicesOf(order.country)[0]!,
    // One key per payment attempt: a refreshed page or a retry after a lost answer reuses it (one
    // charge), while paying again after a declined card is a new attempt with a new key.
    idempotencyKey: started?.idempotencyKey ?? `confirm:${order.id}:${referenceHash(input.paymentKey)}`,
    status: started?.status,
  };
  return settleReturn(db, provider, order, attempt, input.paymentKey);
}

/** Stripe or PayPal: an attempt the store started, by the provider's reference. */
async function confirmStarted(db: Database, registry: PaymentRegistry, order: OrderRow, name: ProviderName, reference: string): Promise<SettleOutcome> {
  const provider = storeProvider(registry, order, name);
  const attempt = await findAttempt(db, provider.name, reference);
  if (!attempt || attempt.orderId !== order.id) throw new DomainError('PAYMENT_FAILED', { messageKey: 'payments.unknownAttempt', detail: `${name} ${reference} is not an attempt of order ${order.id}` });
  if (attempt.status === 'succeeded' && order.paidAttemptId === attempt.id) return { kind: 'paid', order, newlyPaid: false };
  if (attempt.status === 'refused') throw new DomainError('ORDER_NOT_PAYABLE', { detail: `attempt ${attempt.id} was refused and given back` });
  return settleReturn(db, provider, order, attempt, reference, () => wordBeforeTaking(db, provider, order, attempt, reference));
}

/**
 * A provider whose confirm takes the money (PayPal's capture, Toss's confirm) is asked only for an
 * order that can still be paid, for the amount and currency the attempt was started with: otherwise
 * nothing is captured (the approval lapses at PayPal) instead of capturing and giving it back.
 * Staff's new quote version, an expiry or a cancel meanwhile all end here. Resolves to the reason
 * not to take it, or null.
 */
export async function whyNotTakeMoney(db: Database, provider: PaymentProvider, order: OrderRow, attempt: { id: string; amountMinor: number; currency: string; quoteVersion: number | null }): Promise<DomainError | null> {
  if (!provider.confirmTakesMoney) return null;
  try {
    assertPayable(order);
    await assertQuoteVersion(db, order, attempt);
    if (attempt.amountMinor !== order.amountMinor || attempt.currency.toUpperCase() !== order.currency.toUpperCase()) {
      throw new DomainError('AMOUNT_MISMATCH', { detail: `attempt ${attempt.id} for ${attempt.amountMinor} ${attempt.currency}, order now ${order.amountMinor} ${order.currency}` });
    }
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/**
 * The provider's word on an attempt the payer approved (a return, PayPal's APPROVED webhook): the
 * confirm that takes the money when the order can take it. When it cannot, whether the money was
 * taken already is the provider's to say, never assumed (a capture whose answer was lost, or sent
 * by a process that died, may have taken it): nothing taken, the attempt ends here, unpaid, with
 * the reason; taken, its word is settled like any late payment, which refuses it and gives it back.
 */
export async function wordBeforeTaking(db: Database, provider: PaymentProvider, order: OrderRow, attempt: AttemptRow, reference: string): Promise<ProviderWord> {
  const refusal = await whyNotTakeMoney(db, provider, order, attempt);
  if (!refusal) return askProvider(db, provider, order, attempt, reference, 'confirm');
  const word = await askProvider(db, provider, order, attempt, reference, 'lookup');
  if (word.state === 'open' || word.state === 'approved') {
    await failAttempt(db, attempt.id, `not captured: ${refusal.message}`, OPEN_ATTEMPT_STATUSES);
    throw refusal;
  }
  return word;
}

/** Whether this return may be acted on: the payer, or a reference the store handed out for this very order. */
async function returnIsThePayers(db: Database, registry: PaymentRegistry, order: OrderRow, input: ConfirmInput, caller: ReturnCaller): Promise<boolean> {
  if (mayOnOrder(caller.accessor, order, 'pay')) return true;
  if ('paymentKey' in input) {
    if (input.paymentKey.startsWith('sbx.')) return registry.sandbox?.signedFor(input.paymentKey, order.orderNumber) ?? false;
    return caller.refs.verify(order.orderNumber, input.ref);
  }
  const [provider, reference] = 'checkoutSessionId' in input ? ['stripe', input.checkoutSessionId] as const : ['paypal', input.paypalOrderId] as const;
  const attempt = await findAttempt(db, provider, reference);
  return attempt?.orderId === order.id;
}

export async function confirmReturn(db: Database, registry: PaymentRegistry, input: ConfirmInput, caller: ReturnCaller): Promise<SettleOutcome> {
  const order = await findOrderByNumber(db, input.orderId);
  // Not theirs to confirm: the very answer of a number that does not exist.
  if (!order || !(await returnIsThePayers(db, registry, order, input, caller))) throw new DomainError('NOT_FOUND');
  await caller.admitted?.();
  if ('paymentKey' in input) return confirmWidget(db, registry, order, input);
  if ('checkoutSessionId' in input) return confirmStarted(db, registry, order, 'stripe', input.checkoutSessionId);
  return confirmStarted(db, registry, order, 'paypal', input.paypalOrderId);
}
