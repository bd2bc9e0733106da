/**
 * Rate limits on sign-in, sign-up, e-mail checks and resets: out of the way of normal use, in
 * the way of guessing; shared between server processes through Redis when REDIS_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimits, RATE_RULES } from '../../src/server/http/rate-limits.ts';
import { useTestServer } from './harness.ts';
import { client, newAccount } from './support/clients.ts';

describe('sign-in limits', () => {
  const server = useTestServer('pglite');
  const api = client(server);

  it('lets an office of ten people behind one address sign in at the same time', async () => {
    const office = '203.0.113.50';
    const accounts = Array.from({ length: 10 }, () => newAccount());
    for (const account of accounts) await api.call('POST', '/api/auth/register', account);
    const results = await Promise.all(accounts.map((a) => api.call('POST', '/api/auth/login', { email: a.email, password: a.password }, {}, office)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('stops guessing one address after ten wrong passwords, from anywhere, even with the right one', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await api.call('POST', '/api/auth/login', { email: account.email, password: `guess-${i}-x` })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await api.call('POST', '/api/auth/login', { email: account.email, password: account.password }, { 'accept-language': 'en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('forgets earlier mistakes after a successful sign-in', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    for (let i = 0; i < 9; i++) await api.call('POST', '/api/auth/login', { email: account.email, password: `typo-${i}-xx` });
    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await api.call('POST', '/api/auth/login', { email: account.email, password: `typo-${i}-yy` })).statusCode).toBe(401);
    }
  });

  it('limits one IP that tries many addresses', async () => {
    const ip = '198.18.0.7';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_RULES.loginPerIp.points + 2; i++) {
      statuses.push((await api.call('POST', '/api/auth/login', { email: `spray${i}@example.com`, password: 'password1' }, {}, ip)).statusCode);
    }
    expect(statuses.slice(0, RATE_RULES.loginPerIp.points).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('limits reset requests for one address', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.call('POST', '/api/auth/forgot-password', { email: account.email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('limits e-mail checks from one IP', async () => {
    const ip = '198.18.0.9';
    let last = 0;
    for (let i = 0; i <= RATE_RULES.checkEmailPerIp.points; i++) {
      last = (await api.call('POST', '/api/auth/check-email', { email: `probe${i}@example.com` }, {}, ip)).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe.runIf(process.env.REDIS_URL)('limits shared through Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());

  it('counts attempts from two server processes together', async () => {
    const prefix = `rl-test-${randomBytes(4).toString('hex')}`;
    const first = createRateLimits(redis, prefix);
    const second = createRateLimits(redis, prefix);
    const address = 'shared@example.com';
    for (let i = 0; i < 5; i++) await first.consume('loginFailuresPerAddress', address);
    for (let i = 0; i < 5; i++) await second.consume('loginFailuresPerAddress', address);
    await expect(first.check('loginFailuresPerAddress', address)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(second.consume('loginFailuresPerAddress', address)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await first.reset('loginFailuresPerAddress', address);
    await expect(second.check('loginFailuresPerAddress', address)).resolves.toBeUndefined();
  });
});

describe.runIf(process.env.REDIS_URL)('a server using Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());
  // Both processes share counters; a prefix of this run's own keeps earlier runs out of them.
  const rateLimitPrefix = `rl-test-${randomBytes(4).toString('hex')}`;
  const one = useTestServer('pglite', {}, { redis, rateLimitPrefix });
  const two = useTestServer('pglite', {}, { redis, rateLimitPrefix });

  it('blocks an address in one process after failures in the other', async () => {
    const account = newAccount();
    await client(one).call('POST', '/api/auth/register', account);
    for (let i = 0; i < 10; i++) await client(one).call('POST', '/api/auth/login', { email: account.email, password: `nope-${i}-zz` });
    expect((await client(two).call('POST', '/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(429);
  });
});
