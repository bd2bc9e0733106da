/**
 * Writing into an order's conversation (D34, issue 35), inside the caller's transaction: the
 * writers that existed before the thread (a quote question or decline, a revision request, staff's
 * comment) add their words here too, so the thread holds everything said about the order.
 */
import { sql } from 'drizzle-orm';
import type { MessageContext, MessageSide, MessageVisibility, SystemEvent } from '../../../domain/conversation.ts';
import type { Actor } from '../../../domain/lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { orderConversations, orderMessages } from '../../db/schema.ts';
import { markSeen } from './reads.ts';

export type OrderMessageRow = typeof orderMessages.$inferSelect;

export interface TextInput {
  orderId: string;
  side: Exclude<MessageSide, 'system'>;
  actor: Actor;
  userId: string | null;
  body: string;
  context?: MessageContext;
  visibility?: MessageVisibility;
  /** The writer as a reader (reads.ts readerOf): what they wrote they have seen. */
  reader?: string | null;
  /**
   * A mail about it is queued already (a quote question, a revision request: staff are told at
   * once, their clock runs); the conversation then owes none for it.
   */
  mailedAlready?: boolean;
}

/**
 * A person's text in the order's thread, and where the conversation stands after it: a customer's
 * text waits for staff's answer and owes staff a mail unless read in time; staff's public text
 * answers it and owes the customer one. A private note changes neither.
 */
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
  if (row!.visibility === 'public') {
    const customer = input.side === 'customer';
    const owes = !input.mailedAlready;
    await tx.insert(orderConversations).values({
      orderId: input.orderId,
      awaitingReplySince: customer ? sql`now()` : null,
      ...(owes ? (customer ? { staffUnmailedSince: sql`now()` } : { customerUnmailedSince: sql`now()` }) : {}),
    }).onConflictDoUpdate({
      target: orderConversations.orderId,
      set: customer
        ? { awaitingReplySince: sql`coalesce(${orderConversations.awaitingReplySince}, now())`, ...(owes ? { staffUnmailedSince: sql`coalesce(${orderConversations.staffUnmailedSince}, now())` } : {}), updatedAt: sql`now()` }
        : { awaitingReplySince: null, ...(owes ? { customerUnmailedSince: sql`coalesce(${orderConversations.customerUnmailedSince}, now())` } : {}), updatedAt: sql`now()` },
    });
  }
  if (input.reader) await markSeen(tx, { orderId: input.orderId, reader: input.reader, side: input.side, seq: row!.seq });
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
