import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../src/domain/validation/account-fields.ts';
import { COMMON_PASSWORD_BUCKETS, COMMON_PASSWORD_COUNT, commonPasswordBucket, passwordProblem } from '../../src/domain/validation/password-rule.ts';
import { commonPasswordsInBucket, isCommonPassword } from '../../src/server/features/accounts/password-policy.ts';

const ranked = (createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[]).slice(0, COMMON_PASSWORD_COUNT);

/** The page's side of the rule: only the bucket of what was typed. */
const onThePage = (password: string) => {
  const bucket = new Set(commonPasswordsInBucket(commonPasswordBucket(password)));
  return passwordProblem(password, (p) => bucket.has(p));
};
/** The server's side: the whole list. */
const onTheServer = (password: string) => passwordProblem(password, (p) => isCommonPassword(p));

describe('the password rule (one for the page and the server)', () => {
  it('says what is wrong in the order the forms show it', () => {
    expect(onTheServer('')).toBe('validation.required');
    expect(onTheServer('12345')).toBe('validation.passwordMin');
    expect(onTheServer('x'.repeat(PASSWORD_MAX + 1))).toBe('validation.tooLong');
    expect(onTheServer('123456')).toBe('validation.passwordCommon');
    expect(onTheServer('Password1')).toBe('validation.passwordCommon');
    expect(onTheServer('lumi-studio-42')).toBeNull();
  });

  it('gives the page the same answer as the server for every common password and its capitalised form', () => {
    for (const password of ranked) {
      for (const typed of [password, password.toUpperCase(), password[0]!.toUpperCase() + password.slice(1)]) {
        expect(onThePage(typed), typed).toBe(onTheServer(typed));
      }
    }
  });

  it('gives the page the same answer for passwords that are not common', () => {
    for (const typed of ['lumi-studio-42', 'secret12', '김민수의비밀번호', 'Đặt-mật-khẩu-9', 'correct horse battery staple']) {
      expect(onThePage(typed), typed).toBeNull();
      expect(onTheServer(typed), typed).toBeNull();
    }
  });

  it('splits the list into small buckets of passwords long enough to matter', () => {
    const sizes = Array.from({ length: COMMON_PASSWORD_BUCKETS }, (_, b) => commonPasswordsInBucket(b).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(ranked.filter((p) => p.length >= 6).length);
    expect(Math.max(...sizes)).toBeLessThan(80);
    expect(commonPasswordsInBucket(commonPasswordBucket('123456'))).toContain('123456');
    expect(commonPasswordsInBucket(commonPasswordBucket('12345'))).not.toContain('12345');
  });

  it('puts a password in the same bucket whatever its case', () => {
    expect(commonPasswordBucket('PassWord1')).toBe(commonPasswordBucket('password1'));
    expect(commonPasswordBucket('a')).toBeGreaterThanOrEqual(0);
    expect(commonPasswordBucket('a')).toBeLessThan(COMMON_PASSWORD_BUCKETS);
  });
});
