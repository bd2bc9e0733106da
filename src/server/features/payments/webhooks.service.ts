/**
 * Provider webhooks (D27, D32): verified by the provider (Stripe's signature, PayPal's
 * verify-webhook-signature), then acted on. An event about an attempt settles it through the same
 * `settle` as the payer's return, so whichever comes first pays the order and the other finds it
 * paid. The event's row in `payment_events` marks finished work only: it is written after the
 * work is done, and the work is idempotent by the provider's reference (one attempt per
 * reference, one paid statement per order, one refund per refusal key), so a process killed half
 * way leaves nothing that answers the redelivery "duplicate": the redelivery does the rest. Work
 * that cannot be done now (the provider unreachable to capture, our database away) is answered 5xx
 * (NETWORK_ERROR is 502), so the provider delivers the event again.
 */
import { DomainError } from '../../../domain/errors.ts';
import type { ProviderName } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { findAttempt } from './attempts.ts';
import { wordBeforeTaking } from './confirm.service.ts';
import type { PaymentRegistry } from './providers/index.ts';
import { settle, type SettleOutcome } from './settle.service.ts';

type WebhookOutcome =
  | { kind: 'ignored' | 'duplicate' | 'unknown-attempt'; eventId: string; type: string }
  | { kind: 'settled'; eventId: string; type: string; outcome: SettleOutcome }
  | { kind: 'refused' | 'failed'; eventId: string; type: string; code: string };

/** The provider's final words: the event was acted on (money refused is being given back, a decline recorded). */
const FINAL_REFUSALS = new Set(['AMOUNT_MISMATCH', 'ORDER_NOT_PAYABLE', 'QUOTE_EXPIRED', 'QUOTE_REVISED', 'PAYMENT_FAILED']);

export async function receiveWebhook(db: Database, registry: PaymentRegistry, name: ProviderName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookOutcome> {
  const provider = registry.byName(name);
  if (!provider?.webhook) throw new DomainError('NOT_FOUND', { detail: `no ${name} webhooks here` });
  const event = await provider.webhook(rawBody, headers);
  // Signed, but not text the database can hold (a NUL): no provider sends that; refused, not a 500.
  if (/[\u0000-\u001f]/.test(`${event.id}${event.type}${event.reference ?? ''}`)) throw new DomainError('BAD_REQUEST', { detail: `${name} webhook with control characters in its ids` });
  const seen = { eventId: event.id, type: event.type };
  const [done] = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id))).limit(1);
  if (done) return { kind: 'duplicate', ...seen };

  const outcome = await act();
  // The work is done (or was final): only now is the event marked handled.
  await db.insert(paymentEvents).values({ provider: provider.name, eventId: event.id, type: event.type }).onConflictDoNothing();
  return outcome;

  async function act(): Promise<WebhookOutcome> {
    if (!event.reference) return { kind: 'ignored', ...seen };
    const attempt = await findAttempt(db, provider!.name, event.reference);
    if (!attempt) return { kind: 'unknown-attempt', ...seen };
    const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1);
    if (!order) return { kind: 'unknown-attempt', ...seen };
    if (attempt.status === 'succeeded' && order.paidAttemptId === attempt.id) return { kind: 'settled', ...seen, outcome: { kind: 'paid', order, newlyPaid: false } };
    try {
      let word = event.word;
      if (!word && event.needsConfirm) {
        word = await wordBeforeTaking(db, provider!, order, attempt, event.reference!);
      }
      if (!word) return { kind: 'ignored', ...seen };
      return { kind: 'settled', ...seen, outcome: await settle(db, provider!, order, attempt, word) };
    } catch (error) {
      // Refused (and being given back) or declined: the event was acted on. Anything else (an
      // unknown answer, our own failure) is thrown: 5xx, and the provider delivers it again.
      if (error instanceof DomainError && FINAL_REFUSALS.has(error.code)) {
        return { kind: error.code === 'PAYMENT_FAILED' ? 'failed' : 'refused', ...seen, code: error.code };
      }
      throw error;
    }
  }
}
