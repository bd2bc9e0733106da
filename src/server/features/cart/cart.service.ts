/**
 * The cart (SPEC section 7): template lines per owner. Titles, prices and images are read from
 * the catalog, never stored from a request; adding a template that is already in the cart adds
 * to its quantity, and a line's quantity can be set (the drawer's − and +). Signing in moves a
 * guest's lines into the user's cart.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_QUANTITY } from '../../../domain/catalog/pricing.ts';
import { findTemplate } from '../../../domain/catalog/templates.ts';
import { DomainError } from '../../../domain/errors.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';
import { ownedBy, type Owner } from '../orders/owner.ts';

export type CartRow = typeof cartItems.$inferSelect;

const ownerColumns = { userId: cartItems.userId, guestId: cartItems.guestId };
const ownerValues = (owner: Owner) => (owner.kind === 'user' ? { userId: owner.userId, guestId: null } : { userId: null, guestId: owner.guestId });

export async function listCart(db: Database, owner: Owner): Promise<CartRow[]> {
  return db.select().from(cartItems).where(ownedBy(owner, ownerColumns)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function addToCart(db: Database, owner: Owner, templateId: number, quantity: number): Promise<CartRow> {
  if (!findTemplate(templateId)) throw new DomainError('UNKNOWN_ITEM', { detail: `template ${templateId}` });
  const target = owner.kind === 'user' ? [cartItems.userId, cartItems.templateId] : [cartItems.guestId, cartItems.templateId];
  const targetWhere = owner.kind === 'user' ? sql`${cartItems.userId} is not null` : sql`${cartItems.guestId} is not null`;
  // One statement: two tabs adding the same template at once still make one line.
  const [row] = await db.insert(cartItems)
    .values({ ...ownerValues(owner), templateId, quantity })
    .onConflictDoUpdate({ target, targetWhere, set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})` } })
    .returning();
  if (!row) throw new Error('cart insert returned no row');
  return row;
}

/** Sets how many of a line the owner wants (1 to MAX_QUANTITY); someone else's line is "not found". */
export async function setCartQuantity(db: Database, owner: Owner, id: string, quantity: number): Promise<CartRow> {
  const [row] = await db.update(cartItems).set({ quantity }).where(and(eq(cartItems.id, id), ownedBy(owner, ownerColumns))).returning();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** Removes one line of the owner's cart; someone else's line is "not found". */
export async function removeFromCart(db: Database, owner: Owner, id: string): Promise<void> {
  const removed = await db.delete(cartItems).where(and(eq(cartItems.id, id), ownedBy(owner, ownerColumns))).returning({ id: cartItems.id });
  if (removed.length === 0) throw new DomainError('NOT_FOUND');
}

export async function clearCart(db: Database, owner: Owner): Promise<void> {
  await db.delete(cartItems).where(ownedBy(owner, ownerColumns));
}

/**
 * Moves a guest's lines into the user's cart, adding quantities of templates in both: one statement
 * (the guest's rows are deleted and inserted for the user together), whatever the cart's size.
 */
export async function mergeGuestCart(db: Database, userId: string, guestId: string): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from ${cartItems} where guest_id = ${guestId} and user_id is null
      returning template_id, quantity
    )
    insert into ${cartItems} (user_id, template_id, quantity)
    select ${userId}, template_id, quantity from moved
    on conflict (user_id, template_id) where user_id is not null
    do update set quantity = least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})
    returning 1`);
  return rowsOf(result).length;
}
