import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { isGuestId } from '../../domain/guest.ts';
import { V } from '../../domain/validation/messages.ts';
import type { Owner } from '../features/orders/owner.ts';
import type { Auth } from './auth.ts';

/**
 * The owner a request acts for: the signed-in user, else the guest whose id (SPEC's `sessionId`)
 * comes in the query or the body. A malformed guest id is refused, a missing one asked for.
 */
export async function requestOwner(auth: Auth, request: FastifyRequest, guestId: unknown): Promise<Owner> {
  const user = await auth.currentUser(request);
  if (user) return { kind: 'user', userId: user.id };
  if (guestId === undefined || guestId === null || guestId === '') {
    throw new DomainError('VALIDATION_FAILED', { fields: { sessionId: { key: V.required } } });
  }
  if (!isGuestId(guestId)) throw new DomainError('VALIDATION_FAILED', { fields: { sessionId: { key: V.invalidType } } });
  return { kind: 'guest', guestId };
}

/** `sessionId` of the query string, if any. */
export function queryGuestId(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.sessionId;
}
