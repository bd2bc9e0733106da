/**
 * Passwords people guess first are refused on sign-up, reset and change (SPEC's minimum of 6
 * stays). The list is the 10,000 most common passwords, ranked, from zxcvbn-ts's common
 * dictionary, compared without regard to case.
 */
import { createRequire } from 'node:module';
import { DomainError } from '../../../domain/errors.ts';
import { V } from '../../../domain/validation/messages.ts';

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const ranked = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws a field error on `field` when the password is one of the most common. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new DomainError('VALIDATION_FAILED', { fields: { [field]: { key: V.passwordCommon } } });
  }
}
