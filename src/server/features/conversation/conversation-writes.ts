/**
 * Writing into an order's conversation (D34, issue 35), inside the caller's transaction: the
 * writers that existed before the thread (a quote question or decline, a revision request, staff's
 * comment) add their words here too, so the thread holds everything said about the order.
 */
import type { MessageContext, MessageSide, MessageVisibility, SystemEvent } from '../../../domain/conversation.ts';
import type { Actor } from '../../../domain/lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { orderMessages } from '../../db/schema.ts';

export type OrderMessageRow = typeof orderMessages.$inferSelect;

export interface TextInput {
  orderId: string;
  side: Exclude<MessageSide, 'system'>;
  actor: Actor;
  userId: string | null;
  body: string;
  context?: MessageContext;
  visibility?: MessageVisibility;
}

/** A person's text in the order's thread. */
export async function addText(tx: Database, input: TextInput): Promise<OrderMessageRow> {
  const [row] = await tx.insert(orderMessages).values({
    orderId: input.orderId,
    kind: 'text',
    visibility: input.visibility ?? 'public',
    authorSide: input.side,
    authorActor: input.actor,
    authorUserId: input.userId,
    body: input.body,
    context: input.context ?? null,
  }).returning();
  return row!;
}

export interface EntryInput {
  orderId: string;
  event: SystemEvent;
  actor: Actor;
  userId: string | null;
  /** Facts only (amounts, counts, statuses): the customer reads them. */
  data: Record<string, string | number>;
}

/**
 * The order's own entry for what happened without a status change (files delivered, money given
 * back); status changes write theirs through the lifecycle (orders/lifecycle.ts).
 */
export async function addEntry(tx: Database, input: EntryInput): Promise<void> {
  await tx.insert(orderMessages).values({
    orderId: input.orderId, kind: 'system', authorSide: 'system', authorActor: input.actor, authorUserId: input.userId, event: input.event, data: input.data,
  });
}
