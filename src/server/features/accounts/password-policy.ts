/**
 * Passwords people guess first are refused on sign-up, reset and change (SPEC's minimum of 6
 * stays). The list is the most common passwords, ranked, from zxcvbn-ts's common dictionary,
 * compared without regard to case; the rule itself is the domain's (validation/password-rule.ts),
 * which the page applies too, asking for the list one bucket at a time.
 */
import { createRequire } from 'node:module';
import { DomainError } from '../../../domain/errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/validation/account-fields.ts';
import { COMMON_PASSWORD_COUNT, commonForm, commonPasswordBucket, passwordProblem } from '../../../domain/validation/password-rule.ts';
import { V } from '../../../domain/validation/messages.ts';


let common: Set<string> | undefined;
let buckets: Map<number, string[]> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const ranked = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map(commonForm));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(commonForm(password));
}

/**
 * The common passwords of one bucket that a new password could be (the others are refused for
 * their length first), in their common form: what the page needs to apply the rule itself.
 */
export function commonPasswordsInBucket(bucket: number): readonly string[] {
  if (!buckets) {
    buckets = new Map();
    for (const password of commonPasswords()) {
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) continue;
      const key = commonPasswordBucket(password);
      const list = buckets.get(key);
      if (list) list.push(password);
      else buckets.set(key, [password]);
    }
  }
  return buckets.get(bucket) ?? [];
}

/** Throws a field error on `field` when the password is one of the most common. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (passwordProblem(password, (p) => commonPasswords().has(p)) === V.passwordCommon) {
    throw new DomainError('VALIDATION_FAILED', { fields: { [field]: { key: V.passwordCommon } } });
  }
}
