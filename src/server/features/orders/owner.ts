/**
 * Who owns a cart, an order, a brief or a file: a signed-in user, or a guest known by the guest
 * id their browser keeps (D22). Everything a customer reads or changes is filtered by this.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type Owner = { kind: 'user'; userId: string } | { kind: 'guest'; guestId: string };

/** `where` condition that selects only the owner's rows of a table with user and guest columns. */
export function ownedBy(owner: Owner, columns: { userId: PgColumn; guestId: PgColumn }): SQL {
  return owner.kind === 'user'
    ? eq(columns.userId, owner.userId)
    : and(eq(columns.guestId, owner.guestId), isNull(columns.userId))!;
}
