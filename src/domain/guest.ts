/**
 * The guest id (SPEC's guest_session_id and `sessionId`, DESIGN D22): a random secret of 256 bits
 * kept in the browser. It reaches only the guest's own cart, orders, briefs and files, so it is
 * checked for shape everywhere and never logged or shown.
 */
export const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && GUEST_ID_PATTERN.test(value);
}

/** A new guest id: 32 random bytes, base64url (43 characters). */
export function newGuestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
