import { describe, expect, it } from 'vitest';
import { GUEST_SESSION_KEY, guestSessionId } from '../../src/web/features/accounts/guest-session.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('guestSessionId', () => {
  it('makes a random id once and keeps returning it', () => {
    const storage = memoryStorage();
    const id = guestSessionId(storage);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(guestSessionId(storage)).toBe(id);
    expect(storage.data.get(GUEST_SESSION_KEY)).toBe(id);
  });

  it('gives different browsers different ids', () => {
    expect(guestSessionId(memoryStorage())).not.toBe(guestSessionId(memoryStorage()));
  });

  it('replaces a stored value that is not an id', () => {
    const storage = memoryStorage({ [GUEST_SESSION_KEY]: '<script>' });
    expect(guestSessionId(storage)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('replaces an id too short to be a secret (D22: at least 128 bits)', () => {
    const storage = memoryStorage({ [GUEST_SESSION_KEY]: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(guestSessionId(storage)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
