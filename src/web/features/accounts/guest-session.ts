/**
 * The guest identity (SPEC sections 3 and 6): a random id kept in the browser as
 * `guest_session_id`, sent with a guest's cart and orders so they find their way back to the
 * same visitor. It identifies a browser, not a person, and carries no secret.
 */
export const GUEST_SESSION_KEY = 'guest_session_id';
const VALID = /^[A-Za-z0-9-]{16,64}$/;

export function guestSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): string {
  const stored = storage.getItem(GUEST_SESSION_KEY);
  if (stored && VALID.test(stored)) return stored;
  const id = crypto.randomUUID();
  storage.setItem(GUEST_SESSION_KEY, id);
  return id;
}
