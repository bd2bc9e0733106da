/**
 * Provider webhooks (D27): verified by the provider (Stripe's signature, PayPal's
 * verify-webhook-signature), then acted on once per event id. An event about an attempt settles it
 * through the same `settle` as the payer's return, so whichever comes first pays the order and the
 * other finds it paid. An event the store cannot act on now (the provider unreachable to capture)
 * is forgotten again, so the provider's next delivery tries once more.
 */
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { ProviderName } from '../../../domain/payments.ts';
import type { Database } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';
import { findAttempt } from './attempts.ts';
import type { PaymentRegistry } from './providers/index.ts';
import { askProvider, settle, type SettleOutcome } from './settle.service.ts';

type WebhookOutcome =
  | { kind: 'ignored' | 'duplicate' | 'unknown-attempt'; eventId: string; type: string }
  | { kind: 'settled'; eventId: string; type: string; outcome: SettleOutcome }
  | { kind: 'refused' | 'failed'; eventId: string; type: string; code: string };

export async function receiveWebhook(db: Database, registry: PaymentRegistry, name: ProviderName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookOutcome> {
  const provider = registry.byName(name);
  if (!provider?.webhook) throw new DomainError('NOT_FOUND', { detail: `no ${name} webhooks here` });
  const event = await provider.webhook(rawBody, headers);
  const seen = { eventId: event.id, type: event.type };
  if (!event.reference) return { kind: 'ignored', ...seen };

  const fresh = await db.insert(paymentEvents).values({ provider: provider.name, eventId: event.id, type: event.type }).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
  if (fresh.length === 0) return { kind: 'duplicate', ...seen };
  try {
    const attempt = await findAttempt(db, provider.name, event.reference);
    if (!attempt) return { kind: 'unknown-attempt', ...seen };
    const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1);
    if (!order) return { kind: 'unknown-attempt', ...seen };
    if (attempt.status === 'succeeded' && order.paidAttemptId === attempt.id) return { kind: 'settled', ...seen, outcome: { kind: 'paid', order, newlyPaid: false } };
    const word = event.word ?? (event.needsConfirm ? await askProvider(db, provider, order, attempt, event.reference) : null);
    if (!word) return { kind: 'ignored', ...seen };
    return { kind: 'settled', ...seen, outcome: await settle(db, provider, order, attempt, word) };
  } catch (error) {
    // Refused (and given back) or declined: the event was acted on. Anything else: let the provider deliver it again.
    if (error instanceof DomainError && ['AMOUNT_MISMATCH', 'ORDER_NOT_PAYABLE', 'PAYMENT_FAILED'].includes(error.code)) {
      return { kind: error.code === 'PAYMENT_FAILED' ? 'failed' : 'refused', ...seen, code: error.code };
    }
    await db.delete(paymentEvents).where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
}
