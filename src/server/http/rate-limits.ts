/**
 * Limits on sign-in, sign-up, e-mail checks and password resets. Counters live in memory, or in
 * Redis when REDIS_URL is set so that several server processes count together; if Redis stops
 * answering, an in-memory counter stands in rather than letting everything through or nothing.
 *
 * Sign-in is limited two ways: per IP, generously (an office of ten behind one address signs in
 * fine), and per e-mail address on failed attempts only (forty wrong passwords for one address
 * are not fine, wherever they come from).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../domain/errors.ts';

/** A 429 that says how long to wait, in the message and in Retry-After. */
const tooManyAttempts = (retryAfterMs: number) =>
  new DomainError('TOO_MANY_REQUESTS', { retryAfterMs, messageKey: 'auth.tooManyAttempts', values: { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) } });

interface Rule {
  points: number;
  /** Window in seconds. */
  duration: number;
}

export const RATE_RULES = {
  loginPerIp: { points: 100, duration: 15 * 60 },
  loginFailuresPerAddress: { points: 10, duration: 15 * 60 },
  registerPerIp: { points: 20, duration: 60 * 60 },
  checkEmailPerIp: { points: 60, duration: 5 * 60 },
  forgotPerIp: { points: 10, duration: 60 * 60 },
  forgotPerAddress: { points: 3, duration: 60 * 60 },
  resetPerIp: { points: 20, duration: 60 * 60 },
} as const satisfies Record<string, Rule>;

export type RateRule = keyof typeof RATE_RULES;

export interface RateLimits {
  /** Counts one attempt; throws a localized 429 once the rule's allowance is used up. */
  consume(rule: RateRule, key: string): Promise<void>;
  /** Throws a 429 if the allowance is already used up, without counting. */
  check(rule: RateRule, key: string): Promise<void>;
  /** Forgets a key (e.g. the failures of an address after a successful sign-in). */
  reset(rule: RateRule, key: string): Promise<void>;
}

export function createRateLimits(redis?: Redis, keyPrefix = 'rl'): RateLimits {
  const limiters = new Map<RateRule, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(RATE_RULES) as Array<[RateRule, Rule]>) {
    const memory = new RateLimiterMemory({ ...rule, keyPrefix: `${keyPrefix}:${name}` });
    limiters.set(name, redis
      ? new RateLimiterRedis({ ...rule, storeClient: redis, keyPrefix: `${keyPrefix}:${name}`, insuranceLimiter: memory, useRedisPackage: false })
      : memory);
  }
  const limiter = (rule: RateRule) => limiters.get(rule)!;
  return {
    async consume(rule, key) {
      try {
        await limiter(rule).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
        throw error;
      }
    },
    async check(rule, key) {
      const state = await limiter(rule).get(key);
      if (state && state.consumedPoints >= RATE_RULES[rule].points) throw tooManyAttempts(state.msBeforeNext);
    },
    async reset(rule, key) {
      await limiter(rule).delete(key);
    },
  };
}
