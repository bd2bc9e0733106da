/** Account rules the browser needs without loading the schema library (SPEC sections 5 and 9). */
export const PASSWORD_MIN = 6;
/** argon2 hashes anything, but a cap keeps one request from costing seconds of CPU. */
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
export const NAME_MAX = 60;
export const PHONE_MAX = 30;

/** Letters and digits of any script, dot, underscore and hyphen. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/**
 * SPEC: the username is the part of the e-mail before @, kept to the characters a username
 * takes and padded to the minimum length. The server makes a taken one unique (D18).
 */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^\p{L}\p{N}._-]/gu, '');
  return local.padEnd(USERNAME_MIN, '0').slice(0, USERNAME_MAX);
}
