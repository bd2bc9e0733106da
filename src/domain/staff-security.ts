/**
 * Staff sign-in (issue 36): who must prove a second factor, how long a staff session lasts, and how
 * fresh a sign-in must be before a refund. Pure rules; the sessions and routes apply them.
 */
import type { Role } from './user.ts';

/** `required`: every staff account must enrol; `optional`: those who enrolled must use it. */
export const STAFF_2FA_POLICIES = ['optional', 'required'] as const;
export type Staff2faPolicy = (typeof STAFF_2FA_POLICIES)[number];

/** A staff session ends 12 hours after its sign-in, whatever it did meanwhile; a customer's lasts 30 days. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

/** A refund waits for a sign-in, a code or a password of the last five minutes. */
export const RECENT_CHECK_MS = 5 * 60 * 1000;

/** A sign-in waiting for its code lasts this long, and takes this many wrong codes. */
export const CHALLENGE_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;

/** Recovery codes made at enrolment, each good once. */
export const RECOVERY_CODE_COUNT = 10;

/** Whether signing in needs a code: staff who enrolled (nobody switches their own off), or all staff when required. */
export function secondFactorNeeded(user: { role: Role }, enrolled: boolean, policy: Staff2faPolicy): boolean {
  return user.role === 'admin' && (enrolled || policy === 'required');
}

/**
 * Whether a session still counts: a staff session older than 12 hours, or one without the second
 * factor it now needs (made before enrolment, or before the policy was set), is no session at all.
 */
export function staffSessionValid(
  session: { role: Role; enrolled: boolean; secondFactorAt: Date | null; createdAt: Date },
  policy: Staff2faPolicy,
  now: Date = new Date(),
): boolean {
  if (session.role !== 'admin') return true;
  if (now.getTime() - session.createdAt.getTime() > STAFF_SESSION_MS) return false;
  return !secondFactorNeeded(session, session.enrolled, policy) || session.secondFactorAt !== null;
}

/** Whether the session proved who it is recently enough for a refund or a change of role. */
export function recentlyChecked(session: { createdAt: Date; secondFactorAt: Date | null; reauthenticatedAt: Date | null }, now: Date = new Date()): boolean {
  const latest = Math.max(session.createdAt.getTime(), session.secondFactorAt?.getTime() ?? 0, session.reauthenticatedAt?.getTime() ?? 0);
  return now.getTime() - latest <= RECENT_CHECK_MS;
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form: ten base32 characters. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** A recovery code as shown: two groups of five. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase();
}
