import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/domain/user.ts';
import { usernameFromEmail } from '../../src/domain/validation/account-fields.ts';

describe('displayName', () => {
  const user = { firstName: '민수', lastName: '김', username: 'minsu' };
  it('puts the family name first, unspaced, for names in Hangul, Han or Kana', () => {
    expect(displayName(user)).toBe('김민수');
    expect(displayName({ firstName: '花子', lastName: '山田', username: 'h' })).toBe('山田花子');
    expect(displayName({ firstName: 'ハヌル', lastName: 'キム', username: 'k' })).toBe('キムハヌル');
    expect(displayName({ firstName: '伟', lastName: '王', username: 'w' })).toBe('王伟');
  });
  it('puts the given name first for other names, whatever the page language', () => {
    expect(displayName({ firstName: 'Haneul', lastName: 'Kim', username: 'hk' })).toBe('Haneul Kim');
    expect(displayName({ firstName: 'An', lastName: 'Nguyễn', username: 'an' })).toBe('An Nguyễn');
  });
  it('falls back to the username', () => {
    expect(displayName({ firstName: null, lastName: ' ', username: 'minsu' })).toBe('minsu');
  });
});

describe('usernameFromEmail (SPEC: the part before @)', () => {
  it.each([
    ['minsu@naver.com', 'minsu'],
    ['Min.Su+shop@gmail.com', 'min.sushop'],
    ['ab@x.com', 'ab0'],
    ['김@x.com', '김00'],
    [`${'a'.repeat(60)}@x.com`, 'a'.repeat(40)],
  ])('%s -> %s', (email, username) => expect(usernameFromEmail(email)).toBe(username));
});
