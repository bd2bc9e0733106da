/**
 * Daily upload allowances (issue "Hardening, round three", item 4): the bytes customers' uploads
 * may add per owner (a guest id, an account) and per address in a day, so that neither invented
 * guest ids nor a stream of requests can fill the disk or the bucket. Staff deliveries are not
 * counted. Bytes are counted as they arrive, so a request is stopped the moment it passes what is
 * left; one whose declared size is already more than that is refused before a byte is stored.
 * A refused request gives back what it counted: nothing of it stays in storage.
 *
 * Counters live in Redis when the app has a client (every server process counts together), else
 * in memory; if Redis stops answering, an in-memory counter stands in (as in http/rate-limits.ts).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../../domain/errors.ts';
import { UPLOAD_DAILY_BYTES, UPLOAD_QUOTA_WINDOW_SECONDS, formatFileSize, type UploadQuotaKind } from '../../../domain/uploads.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { Owner } from '../orders/owner.ts';

/** Room for the multipart boundaries and part headers a declared size also counts. */
const FRAMING_BYTES = 64 * 1024;

export interface UploadAllowance {
  /** Whose files these are: their own allowance counts from now on, beside the address's. */
  setOwner(owner: Owner): void;
  /** Before storing: 429 when nothing is left today, 413 when the declared size is more than what is left. */
  check(declaredBytes: number | undefined): Promise<void>;
  /** Counts bytes that arrived; throws 413 once they pass what was left. */
  take(bytes: number): Promise<void>;
  /** Gives back everything this request counted (it was refused; nothing of it is kept). */
  giveBack(): Promise<void>;
}

export interface UploadQuota {
  /** The allowance of one upload request from `ip`. */
  forRequest(ip: string): UploadAllowance;
}

interface Counter {
  kind: UploadQuotaKind;
  key: string;
  /** Bytes this request counted on it so far. */
  taken: number;
}

/** Where an allowance stands: what is left of `limit`, and when it starts over. */
interface Standing {
  kind: UploadQuotaKind;
  left: number;
  msBeforeNext: number;
}

const size = (bytes: number) => formatFileSize(Math.max(0, bytes), 'en');

/** "in about 5 hours", or in minutes for the last two hours (a message key per form, values for both). */
function waitValues(ms: number): { suffix: '' | 'Minutes'; values: Record<string, number> } {
  if (ms >= 2 * 3_600_000) return { suffix: '', values: { count: Math.round(ms / 3_600_000) } };
  return { suffix: 'Minutes', values: { count: Math.max(1, Math.ceil(ms / 60_000)) } };
}

export function createUploadQuota(options: { redis?: Redis | undefined; keyPrefix?: string | undefined; limits?: Readonly<Record<UploadQuotaKind, number>> } = {}): UploadQuota {
  const limits = options.limits ?? UPLOAD_DAILY_BYTES;
  const prefix = options.keyPrefix ?? 'rl';
  const limiters = new Map<UploadQuotaKind, RateLimiterAbstract>();
  for (const kind of Object.keys(limits) as UploadQuotaKind[]) {
    const rule = { points: limits[kind], duration: UPLOAD_QUOTA_WINDOW_SECONDS, keyPrefix: `${prefix}:upload:${kind}` };
    const memory = new RateLimiterMemory(rule);
    limiters.set(kind, options.redis
      ? new RateLimiterRedis({ ...rule, storeClient: options.redis, insuranceLimiter: memory, useRedisPackage: false })
      : memory);
  }
  const limiter = (kind: UploadQuotaKind) => limiters.get(kind)!;

  const spent = (standing: Standing) => {
    const wait = waitValues(standing.msBeforeNext);
    return new DomainError('TOO_MANY_REQUESTS', {
      messageKey: `uploads.quotaSpent${wait.suffix}`,
      values: { limit: size(limits[standing.kind]), ...wait.values },
      retryAfterMs: standing.msBeforeNext,
      detail: `daily upload allowance (${standing.kind}) used up`,
    });
  };
  const exceeded = (standing: Standing) => {
    const wait = waitValues(standing.msBeforeNext);
    return new DomainError('UPLOAD_TOO_LARGE', {
      messageKey: `uploads.quotaExceeded${wait.suffix}`,
      values: { left: size(standing.left), limit: size(limits[standing.kind]), ...wait.values },
      retryAfterMs: standing.msBeforeNext,
      detail: `upload larger than what is left of the daily allowance (${standing.kind})`,
    });
  };

  return {
    forRequest(ip) {
      // An IPv6 client is its /64 network, as in every per-address limit.
      const counters: Counter[] = [{ kind: 'ip', key: clientAddress(ip), taken: 0 }];
      return {
        setOwner(owner) {
          const kind = owner.kind === 'user' ? 'user' : 'guest';
          const key = owner.kind === 'user' ? owner.userId : owner.guestId;
          if (!counters.some((c) => c.kind === kind && c.key === key)) counters.push({ kind, key, taken: 0 });
        },
        async check(declaredBytes) {
          const standings = await Promise.all(counters.map(async (counter): Promise<Standing> => {
            const state = await limiter(counter.kind).get(counter.key);
            return {
              kind: counter.kind,
              left: limits[counter.kind] - (state?.consumedPoints ?? 0),
              msBeforeNext: state?.msBeforeNext ?? UPLOAD_QUOTA_WINDOW_SECONDS * 1000,
            };
          }));
          const tightest = standings.reduce((a, b) => (b.left < a.left ? b : a));
          if (tightest.left <= 0) throw spent(tightest);
          if (declaredBytes !== undefined && Number.isFinite(declaredBytes) && declaredBytes > tightest.left + FRAMING_BYTES) throw exceeded(tightest);
        },
        async take(bytes) {
          if (bytes <= 0) return;
          for (const counter of counters) {
            try {
              await limiter(counter.kind).consume(counter.key, bytes);
              counter.taken += bytes;
            } catch (error) {
              if (!(error instanceof RateLimiterRes)) throw error;
              // A refused consume still counted its bytes: they are given back with the rest.
              counter.taken += bytes;
              const leftBefore = limits[counter.kind] - (error.consumedPoints - counter.taken);
              throw exceeded({ kind: counter.kind, left: leftBefore, msBeforeNext: error.msBeforeNext });
            }
          }
        },
        async giveBack() {
          await Promise.all(counters.filter((c) => c.taken > 0).map(async (counter) => {
            const taken = counter.taken;
            counter.taken = 0;
            await limiter(counter.kind).reward(counter.key, taken);
          }));
        },
      };
    },
  };
}
