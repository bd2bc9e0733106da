/**
 * Rate limits on sign-in, sign-up, e-mail checks and resets: out of the way of normal use, in
 * the way of guessing; shared between server processes through Redis when REDIS_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimits, RATE_RULES } from '../../src/server/http/rate-limits.ts';
import { useSecondInstance, useTestServer } from './harness.ts';
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

  it('stops a client guessing one address after ten wrong passwords, even with the right one', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const guesser = '198.18.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await api.call('POST', '/api/auth/login', { email: account.email, password: `guess-${i}-x` }, {}, guesser)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await api.call('POST', '/api/auth/login', { email: account.email, password: account.password }, { 'accept-language': 'en' }, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('forgets earlier mistakes after a successful sign-in', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const laptop = '198.18.1.2';
    for (let i = 0; i < 9; i++) await api.call('POST', '/api/auth/login', { email: account.email, password: `typo-${i}-xx` }, {}, laptop);
    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: account.password }, {}, laptop)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await api.call('POST', '/api/auth/login', { email: account.email, password: `typo-${i}-yy` }, {}, laptop)).statusCode).toBe(401);
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
    const key = 'shared@example.com:none|203.0.113.9';
    for (let i = 0; i < 5; i++) await first.consume('loginFailuresPerClient', key);
    for (let i = 0; i < 5; i++) await second.consume('loginFailuresPerClient', key);
    await expect(first.check('loginFailuresPerClient', key)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(second.consume('loginFailuresPerClient', key)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await first.reset('loginFailuresPerClient', key);
    await expect(second.check('loginFailuresPerClient', key)).resolves.toBeUndefined();
  });
});

describe.runIf(process.env.REDIS_URL)('a server using Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());
  // Both processes share counters; a prefix of this run's own keeps earlier runs out of them.
  const rateLimitPrefix = `rl-test-${randomBytes(4).toString('hex')}`;
  const one = useTestServer('pglite', {}, { redis, rateLimitPrefix });
  const two = useSecondInstance(one, { redis, rateLimitPrefix });

  it('blocks a guessing client in one process after its failures in the other', async () => {
    const account = newAccount();
    await client(one).call('POST', '/api/auth/register', account);
    const guesser = '198.18.2.1';
    for (let i = 0; i < 10; i++) await client(one).call('POST', '/api/auth/login', { email: account.email, password: `nope-${i}-zz` }, {}, guesser);
    expect((await client(two).call('POST', '/api/auth/login', { email: account.email, password: account.password }, {}, guesser)).statusCode).toBe(429);
    expect((await client(two).call('POST', '/api/auth/login', { email: account.email, password: account.password }, {}, '198.18.2.9')).statusCode).toBe(200);
  });

  it('shares the route limits: two instances give one IP one allowance, not two (issue 13, item 5)', async () => {
    const ip = '198.18.2.2';
    const message = { name: '김민수', email: 'minsu@example.com', service: 'consultation', message: '제품 사진 촬영 문의드립니다. 견적 부탁드립니다.' };
    const statuses: number[] = [];
    // The contact form allows 10 per IP in 10 minutes: five through each instance spend it.
    for (let i = 0; i < 10; i++) statuses.push((await client(i % 2 ? two : one).call('POST', '/api/contact', message, {}, ip)).statusCode);
    expect(statuses).toEqual(Array(10).fill(201));
    expect((await client(one).call('POST', '/api/contact', message, {}, ip)).statusCode).toBe(429);
    expect((await client(two).call('POST', '/api/contact', message, {}, ip)).statusCode).toBe(429);
  });
});
