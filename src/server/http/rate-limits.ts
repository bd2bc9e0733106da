/**
 * Limits on sign-in, sign-up, e-mail checks and password resets. Counters live in memory, or in
 * Redis when REDIS_URL is set so that several server processes count together; if Redis stops
 * answering, an in-memory counter stands in rather than letting everything through or nothing.
 *
 * Sign-in is limited per IP, generously (an office of ten behind one address signs in fine), and
 * on failed attempts per account and client: ten wrong passwords from one client stop that client
 * only, so nobody can lock an owner out of their account by guessing from elsewhere (issue 13,
 * item 3). Across all clients an account has a ceiling: past it, guessing from many addresses is
 * slowed to a few tries per client, while a client that has made no mistake still gets its try.
 * The counters are keyed by the account's password version, so a password reset starts them anew.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../domain/errors.ts';
import { clientAddress } from './client-address.ts';

/** A 429 that says how long to wait, in the message and in Retry-After. */
const tooManyAttempts = (retryAfterMs: number) =>
  new DomainError('TOO_MANY_REQUESTS', { retryAfterMs, messageKey: 'auth.tooManyAttempts', values: { count: Math.max(1, Math.ceil(retryAfterMs / 60_000)) } });

interface Rule {
  points: number;
  /** Window in seconds. */
  duration: number;
  /** Once used up, refused this long (seconds) whatever the window says. */
  blockDuration?: number;
}

export const RATE_RULES = {
  loginPerIp: { points: 100, duration: 15 * 60 },
  /** Wrong passwords for one account from one client (IP). */
  loginFailuresPerClient: { points: 10, duration: 15 * 60 },
  /** Wrong passwords for one account from everywhere: past this, each client gets only a few. */
  loginFailuresPerAddress: { points: 50, duration: 15 * 60 },
  registerPerIp: { points: 20, duration: 60 * 60 },
  checkEmailPerIp: { points: 60, duration: 5 * 60 },
  forgotPerIp: { points: 10, duration: 60 * 60 },
  forgotPerAddress: { points: 3, duration: 60 * 60 },
  resetPerIp: { points: 20, duration: 60 * 60 },
  /** Payment returns (POST /api/confirm and the success page alike): per client, and per order number. */
  confirmPerIp: { points: 30, duration: 60 },
  confirmPerOrder: { points: 20, duration: 60 },
  /** Wrong second-factor codes for one staff account, from anywhere: past five, locked for 15 minutes. */
  secondFactorFailures: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  secondFactorPerIp: { points: 30, duration: 15 * 60 },
} as const satisfies Record<string, Rule>;

export type RateRule = keyof typeof RATE_RULES;

/** Failures one client may make on an account once the account's ceiling is reached. */
export const FAILURES_PER_CLIENT_UNDER_SIEGE = 3;

/** One sign-in attempt, counted before the password is checked. */
export interface SignInAttempt {
  /** The password was right: this client's mistakes are forgiven, and this try is not counted. */
  succeeded(): Promise<void>;
}

export interface RateLimits {
  /** Counts one attempt; throws a localized 429 once the rule's allowance is used up. */
  consume(rule: RateRule, key: string): Promise<void>;
  /** Throws a 429 if the allowance is already used up, without counting. */
  check(rule: RateRule, key: string): Promise<void>;
  /** Forgets a key. */
  reset(rule: RateRule, key: string): Promise<void>;
  /**
   * Counts a password attempt on `account` (the lower-case address and its password version) by
   * `client`; throws a 429 when this client has used up its tries. Counted first, so parallel
   * guesses cannot all slip in under the limit.
   */
  signInAttempt(account: string, client: string): Promise<SignInAttempt>;
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
  // Rules per IP count an IPv6 client by its /64 network, as the route limits do.
  const keyOf = (rule: RateRule, key: string) => (rule.endsWith('PerIp') ? clientAddress(key) : key);
  return {
    async consume(rule, key) {
      try {
        await limiter(rule).consume(keyOf(rule, key));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
        throw error;
      }
    },
    async check(rule, key) {
      const state = await limiter(rule).get(keyOf(rule, key));
      if (state && state.consumedPoints >= RATE_RULES[rule].points) throw tooManyAttempts(state.msBeforeNext);
    },
    async reset(rule, key) {
      await limiter(rule).delete(keyOf(rule, key));
    },
    async signInAttempt(account, client) {
      const clientKey = `${account}|${clientAddress(client)}`;
      let mine: RateLimiterRes;
      try {
        mine = await limiter('loginFailuresPerClient').consume(clientKey);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
        throw error;
      }
      const everyone = await limiter('loginFailuresPerAddress').consume(account).catch((error: unknown) => {
        if (error instanceof RateLimiterRes) return error;
        throw error;
      });
      const underSiege = everyone.consumedPoints > RATE_RULES.loginFailuresPerAddress.points;
      if (underSiege && mine.consumedPoints > FAILURES_PER_CLIENT_UNDER_SIEGE) throw tooManyAttempts(Math.min(mine.msBeforeNext, everyone.msBeforeNext));
      return {
        async succeeded() {
          await limiter('loginFailuresPerClient').delete(clientKey);
          await limiter('loginFailuresPerAddress').reward(account, 1);
        },
      };
    },
  };
}
