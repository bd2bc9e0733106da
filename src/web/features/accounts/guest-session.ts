/**
 * The guest identity (SPEC sections 3 and 6, D22): a random secret kept in the browser as
 * `guest_session_id`, sent with a guest's cart and orders so they find their way back to the
 * same visitor. Anything stored that is not such an id is replaced.
 */
import { isGuestId, newGuestId } from '../../../domain/guest.ts';

export const GUEST_SESSION_KEY = 'guest_session_id';

export function guestSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): string {
  const stored = storage.getItem(GUEST_SESSION_KEY);
  if (isGuestId(stored)) return stored;
  const id = newGuestId();
  storage.setItem(GUEST_SESSION_KEY, id);
  return id;
}

/** The guest id this browser already has, without making one (a signed-in visitor's earlier uploads). */
export function existingGuestId(storage: Pick<Storage, 'getItem'> = window.localStorage): string | null {
  const stored = storage.getItem(GUEST_SESSION_KEY);
  return isGuestId(stored) ? stored : null;
}
