/**
 * Who a request acts as, read once at the edge: the signed-in user, the guest id its browser sent
 * (SPEC's `sessionId`), and the order whose private link it carries, verified here. What that
 * accessor may do to an order is decided by the one table in `domain/order-access.ts`, through
 * `features/orders/order-access.ts`; no route decides it by itself.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { isGuestId } from '../../domain/guest.ts';
import type { Accessor } from '../../domain/order-access.ts';
import { V } from '../../domain/validation/messages.ts';
import { linkedOrderOf } from '../features/orders/order-access.ts';
import type { OrderLinks } from '../features/orders/order-links.ts';
import type { Owner } from '../features/orders/owner.ts';
import type { Auth } from './auth.ts';

/**
 * The owner a request acts for when it creates or lists its own things (a cart, an order, a
 * brief, files): the signed-in user, else the guest. A malformed guest id is refused, a missing
 * one asked for.
 */
export async function requestOwner(auth: Auth, request: FastifyRequest, guestId: unknown): Promise<Owner> {
  const user = await auth.currentUser(request);
  if (user) return { kind: 'user', userId: user.id };
  return { kind: 'guest', guestId: validGuestId(guestId) };
}

/** The guest id as given, or the validation error that asks for it (missing) or refuses it. */
function validGuestId(guestId: unknown): string {
  if (guestId === undefined || guestId === null || guestId === '') {
    throw new DomainError('VALIDATION_FAILED', { fields: { sessionId: { key: V.required } } });
  }
  if (!isGuestId(guestId)) throw new DomainError('VALIDATION_FAILED', { fields: { sessionId: { key: V.invalidType } } });
  return guestId;
}

/** `sessionId` of the query string, if any. */
export function queryGuestId(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.sessionId;
}

interface AccessHints {
  /** The guest id the request carried (body, query or header), unchecked. */
  guestId?: unknown;
  /** The order the request is about, and the private-link key it carried for it, unchecked. */
  orderNumber?: string | undefined;
  orderKey?: unknown;
}

/**
 * The accessor of a request acting on an existing order or file. One that says who it is in no
 * way (no session, no guest id, no valid private link) is asked for its guest id, as requestOwner
 * does; `anonymous` lets it through for what anyone may ask (a file, which then answers 404).
 */
export async function requestAccessor(auth: Auth, links: OrderLinks, request: FastifyRequest, hints: AccessHints, options: { anonymous?: boolean } = {}): Promise<Accessor> {
  const user = await auth.currentUser(request);
  const accessor: Accessor = {
    user: user ? { id: user.id, role: user.role } : null,
    guestId: isGuestId(hints.guestId) ? hints.guestId : null,
    linkedOrderNumber: linkedOrderOf(links, hints.orderNumber, hints.orderKey),
  };
  if (!options.anonymous && !accessor.user && !accessor.guestId && !accessor.linkedOrderNumber) validGuestId(hints.guestId);
  return accessor;
}

