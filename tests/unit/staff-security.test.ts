/** The staff sign-in rules (issue 36): who needs a code, how long a staff session counts, how fresh a re-check is, recovery codes as typed. */
import { generate, verify } from 'otplib';
import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode, recentlyChecked, secondFactorNeeded, staffSessionValid } from '../../src/domain/staff-security.ts';

const hour = 3600_000;
const now = new Date('2026-11-29T12:00:00Z');

describe('staff sign-in rules', () => {
  it('asks staff who enrolled for a code, and all staff when the store requires it; never customers', () => {
    expect(secondFactorNeeded({ role: 'admin' }, true, 'optional')).toBe(true);
    expect(secondFactorNeeded({ role: 'admin' }, false, 'optional')).toBe(false);
    expect(secondFactorNeeded({ role: 'admin' }, false, 'required')).toBe(true);
    expect(secondFactorNeeded({ role: 'customer' }, false, 'required')).toBe(false);
  });

  it('counts a staff session 12 hours, and only with the factor it needs; a customer session whatever its age', () => {
    const session = (hoursAgo: number, secondFactorAt: Date | null, enrolled = true) => ({ role: 'admin' as const, enrolled, secondFactorAt, createdAt: new Date(now.getTime() - hoursAgo * hour) });
    expect(staffSessionValid(session(11.9, now), 'optional', now)).toBe(true);
    expect(staffSessionValid(session(12.1, now), 'optional', now)).toBe(false);
    expect(staffSessionValid(session(1, null), 'optional', now)).toBe(false);
    expect(staffSessionValid(session(1, null, false), 'optional', now)).toBe(true);
    expect(staffSessionValid(session(1, null, false), 'required', now)).toBe(false);
    expect(staffSessionValid({ role: 'customer', enrolled: false, secondFactorAt: null, createdAt: new Date(now.getTime() - 29 * 24 * hour) }, 'required', now)).toBe(true);
  });

  it('takes the latest of sign-in, code and re-check as the last proof, for five minutes', () => {
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    expect(recentlyChecked({ createdAt: at(4), secondFactorAt: null, reauthenticatedAt: null }, now)).toBe(true);
    expect(recentlyChecked({ createdAt: at(60), secondFactorAt: at(6), reauthenticatedAt: null }, now)).toBe(false);
    expect(recentlyChecked({ createdAt: at(60), secondFactorAt: at(60), reauthenticatedAt: at(2) }, now)).toBe(true);
  });

  it('reads a recovery code however it is typed', () => {
    expect(normalizeRecoveryCode(' abcde-fgh23 ')).toBe('ABCDEFGH23');
    expect(normalizeRecoveryCode('ABCDE FGH23')).toBe('ABCDEFGH23');
    expect(formatRecoveryCode('ABCDEFGH23')).toBe('abcde-fgh23');
  });

  it('computes codes as RFC 6238 says (its SHA-1 test vector, six digits) through the library the store uses', async () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), T = 59 s → 94287082 (8 digits); 6 digits: 287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await generate({ secret, epoch: 59 })).toBe('287082');
    expect(await generate({ secret, epoch: 1111111109 })).toBe('081804');
    const checked = await verify({ secret, token: '081804', epoch: 1111111109 + 30, epochTolerance: 30 });
    expect(checked.valid).toBe(true);
  });
});
