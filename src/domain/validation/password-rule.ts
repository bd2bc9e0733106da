/**
 * The one password rule of sign-up, reset and change (SPEC section 5's minimum of 6, a cap, and
 * none of the most common passwords), for the page and the server alike: both call
 * `passwordProblem` and show its message key, so the page never calls "available" what the server
 * then refuses.
 *
 * The common list (10,000 passwords) stays on the server; it is no page's JavaScript. The page
 * asks for one small bucket of it (GET /api/auth/common-passwords/{bucket}, about 40 passwords):
 * the bucket is a hash of what was typed, so the password itself leaves the browser only when the
 * form is sent, and the page compares against the bucket exactly as the server compares against
 * the whole list.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from './account-fields.ts';
import { V } from './messages.ts';

/** How many of zxcvbn-ts's ranked common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
/** Buckets the list is split into for the page's look-up (8 bits of the hash: ~40 passwords each). */
export const COMMON_PASSWORD_BUCKETS = 256;

/** Common passwords are refused whatever their case: "Password1" is "password1". */
export const commonForm = (password: string): string => password.toLowerCase();

/** The bucket of a password: FNV-1a over the UTF-16 code units of its common form. */
export function commonPasswordBucket(password: string): number {
  const text = commonForm(password);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % COMMON_PASSWORD_BUCKETS;
}

export type PasswordProblem = typeof V.required | typeof V.passwordMin | typeof V.tooLong | typeof V.passwordCommon;

/** What is wrong with the length alone (the part the page knows without asking), or null. */
export function passwordLengthProblem(password: string): PasswordProblem | null {
  if (!password) return V.required;
  if (password.length < PASSWORD_MIN) return V.passwordMin;
  if (password.length > PASSWORD_MAX) return V.tooLong;
  return null;
}

/**
 * What is wrong with a new password, as a message key of the `errors` catalog, or null. `isCommon`
 * answers for the common form: the server's whole list, or the page's bucket of it.
 */
export function passwordProblem(password: string, isCommon: (commonFormOfPassword: string) => boolean): PasswordProblem | null {
  return passwordLengthProblem(password) ?? (isCommon(commonForm(password)) ? V.passwordCommon : null);
}
