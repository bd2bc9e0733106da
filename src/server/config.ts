/**
 * The environment contract of DESIGN.md, validated once at start. Every variable is optional in
 * development; a bad value stops the server with a message that names the variable.
 */
import { STAFF_2FA_POLICIES } from '../domain/staff-security.ts';
import path from 'node:path';
import { z } from 'zod';
import type { Gateway } from '../domain/payments.ts';

const optionalUrl = z.url().optional();

/** An origin a browser can reach the store at: http(s), no path, query or fragment (D24). */
const publicUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .refine((value) => { const url = new URL(value); return url.pathname === '/' && !url.search && !url.hash && !url.username; }, 'must be an origin such as https://studiolumi.co.kr, without a path')
  .optional();

/**
 * Which forwarding proxies to believe (X-Forwarded-For, -Proto): a hop count, or a comma list of
 * addresses and CIDR ranges. Off unless set (D24): otherwise anyone could choose their own IP and
 * walk past every per-IP limit.
 */
const IP_OR_RANGE = /^([0-9.]+|[0-9a-f:]+)(\/\d{1,3})?$/i;
const trustProxy = z.string().trim().optional().transform((value, ctx): number | string[] | false => {
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
  const bad = entries.find((entry) => !IP_OR_RANGE.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `must be a number of hops or a comma list of addresses or ranges (not "${bad ?? value}")` });
    return z.NEVER;
  }
  return entries;
});
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
  PUBLIC_URL: publicUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** `required`: every staff account must enrol an authenticator app; `optional`: those who enrolled use it (issue 36). */
  STAFF_2FA: z.enum(STAFF_2FA_POLICIES).default('optional'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Where staff notifications go (comma-separated); without it, to every administrator. */
  STAFF_EMAIL: z.string().optional().refine((value) => value === undefined || value.split(',').every((a) => z.email().safeParse(a.trim()).success), 'must be e-mail addresses separated by commas'),
  /**
   * off: this instance queues mail and wakes the others' workers but sends nothing from the
   * outbox (a web-only instance); another process on the same PostgreSQL database sends it.
   */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'toss']).optional(),
  TOSS_CLIENT_KEY: z.string().regex(/^(test|live)_[A-Za-z0-9_]+$/, 'must be a Toss client key (test_… or live_…)').optional(),
  TOSS_SECRET_KEY: z.string().regex(/^(test|live)_[A-Za-z0-9_]+$/, 'must be a Toss secret key (test_… or live_…)').optional(),
  TOSS_API_BASE: optionalUrl,
  /** How long a call to Toss may take before the store says NETWORK_ERROR. */
  TOSS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a call to Stripe or PayPal may take before its outcome is taken as unknown (D32). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a conversation's text may stay unread before its reader is mailed (D34; 5 minutes). */
  MESSAGE_MAIL_DELAY_MS: z.coerce.number().int().min(0).max(24 * 60 * 60_000).default(5 * 60_000),
  /** Live event streams one instance keeps open at most; more are told to come back later (429). */
  // Metrics (Prometheus): behind this bearer token on the store's address, and/or on an address of
  // their own (METRICS_HOST:METRICS_PORT, for a private network). Neither set: no metrics at all.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  // On SIGTERM: this long saying "not ready" while still serving (a load balancer's probe interval
  // or more), then at most this long to finish what is under way before the process exits anyway.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(5000),
  // A comment line on every open event stream this often (keeps proxies from closing it); every
  // third one also checks that a signed-in stream's session still holds.
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** How often the reconciler asks the providers about open attempts and refunds (D32). */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(24 * 60 * 60_000).default(60_000),
  /** Stripe (us, au, my, vn, cn; D26): secret key, webhook signing secret, and the API address (tests use a fake). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** PayPal (us, au, my; D26): REST app credentials, the webhook's id (for verify-webhook-signature), and the API address. */
  PAYPAL_CLIENT_ID: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be a PayPal REST app client id').optional(),
  PAYPAL_CLIENT_SECRET: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be a PayPal REST app secret').optional(),
  PAYPAL_WEBHOOK_ID: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, 'must be the id PayPal gave the webhook').optional(),
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** D29: lets a store on https take test payments (sandbox or test keys) on purpose; every payment page then says so. */
  ALLOW_TEST_PAYMENTS: z.enum(['true', 'false']).transform((v) => v === 'true').default(false),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: optionalUrl,
  GEOIP_DB: z.string().optional(),
  TRUST_PROXY: trustProxy,
  TRUST_CDN_COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as cf-ipcountry').optional(),
  // Uploaded files go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads.
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** How long an upload may receive nothing before it is cut off with 408 (default: domain/uploads.ts). */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10 * 60_000).optional(),
  /** How long any request body but an upload's may take to arrive whole before it is cut off with 408. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(10 * 60_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((env, ctx) => {
  if (Boolean(env.TOSS_CLIENT_KEY) !== Boolean(env.TOSS_SECRET_KEY)) {
    ctx.addIssue({ code: 'custom', path: [env.TOSS_CLIENT_KEY ? 'TOSS_SECRET_KEY' : 'TOSS_CLIENT_KEY'], message: 'set TOSS_CLIENT_KEY and TOSS_SECRET_KEY together' });
  }
  if (env.TOSS_SECRET_KEY?.startsWith('live_') && !env.PUBLIC_URL?.startsWith('https://')) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'live Toss keys need the store\'s public https address (payment return pages and e-mail links are built from it)' });
  }
  if (env.TOSS_CLIENT_KEY && env.TOSS_SECRET_KEY && env.TOSS_CLIENT_KEY.split('_')[0] !== env.TOSS_SECRET_KEY.split('_')[0]) {
    ctx.addIssue({ code: 'custom', path: ['TOSS_SECRET_KEY'], message: 'test and live keys cannot be mixed' });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together' });
  }
  if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) && !env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT or S3 keys are set' });
  }
  if (env.MAIL_WORKER === 'off' && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['MAIL_WORKER'], message: 'off needs DATABASE_URL: with the embedded database no other process could send the mail' });
  }
  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
    ctx.addIssue({ code: 'custom', path: [env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'], message: 'set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET together' });
  }
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when STRIPE_WEBHOOK_SECRET is set' });
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'is required when GOOGLE_CLIENT_ID is set' });
  }
});

type RawConfig = z.infer<typeof schema>;
export interface Config extends RawConfig {
  dataDir: string;
  /** PUBLIC_URL without a trailing slash, else http://localhost:{PORT}: the only source of absolute URLs (D24). */
  publicUrl: string;
  /** Cookies are Secure and HSTS is on exactly when the public address is https (D24). */
  secure: boolean;
  /**
   * True only under `react-router dev`. Everything else, whatever NODE_ENV says, behaves as
   * production: no secrets in answers or logs.
   */
  development: boolean;
  /** PAYMENTS_PROVIDER, else toss when a Toss secret is set, else the offline sandbox. */
  paymentsProvider: 'sandbox' | 'toss';
  /** On https without ALLOW_TEST_PAYMENTS: providers that would take test payments, so offer no methods (D29 amended). */
  closedGateways: ReadonlySet<Gateway>;
  /** Why, variable by variable, for the start-up log. */
  closedBecause: string[];
}

export class ConfigError extends Error {}

/** PayPal's live REST API; anything else (its sandbox, a fake) takes no real money. */
export const PAYPAL_LIVE_API_BASE = 'https://api-m.paypal.com';

/** Toss's and Stripe's own APIs: anything else (a fake, a proxy) may take no real money (issue 32, item 10). */
const TOSS_LIVE_API_BASE = 'https://api.tosspayments.com';
const STRIPE_LIVE_API_HOST = 'api.stripe.com';

/** What would make one provider take test payments, by the variables that would fix it. */
export interface TestPaymentGap {
  gateway: Gateway;
  message: string;
}

/**
 * D29 as amended: what would make a store take test payments, per provider: no keys (the offline
 * sandbox would stand in), test keys, a provider's sandbox or another API address, or no webhook
 * secret (a payment could never be confirmed by itself).
 */
export function testPaymentGaps(env: RawConfig): TestPaymentGap[] {
  const gaps: TestPaymentGap[] = [];
  const gap = (gateway: Gateway, message: string) => gaps.push({ gateway, message });
  const toss = env.PAYMENTS_PROVIDER ?? (env.TOSS_SECRET_KEY ? 'toss' : 'sandbox');
  if (toss === 'sandbox' || !env.TOSS_SECRET_KEY) gap('toss', 'kr: TOSS_CLIENT_KEY and TOSS_SECRET_KEY are not set (Toss Payments would be the offline sandbox)');
  else {
    if (env.TOSS_SECRET_KEY.startsWith('test_')) gap('toss', 'kr: TOSS_CLIENT_KEY and TOSS_SECRET_KEY are test keys');
    if (env.TOSS_API_BASE && env.TOSS_API_BASE.replace(/\/+$/, '') !== TOSS_LIVE_API_BASE) gap('toss', 'kr: TOSS_API_BASE is not Toss Payments\' API');
  }
  if (!env.STRIPE_SECRET_KEY) gap('stripe', 'us, au, my, vn, cn: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set (Stripe would be the offline sandbox)');
  else {
    if (/^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY)) gap('stripe', 'us, au, my, vn, cn: STRIPE_SECRET_KEY is a test key');
    if (!env.STRIPE_WEBHOOK_SECRET) gap('stripe', 'us, au, my, vn, cn: STRIPE_WEBHOOK_SECRET is not set (delayed payments such as Alipay would never be confirmed)');
    if (env.STRIPE_API_BASE && new URL(env.STRIPE_API_BASE).hostname !== STRIPE_LIVE_API_HOST) gap('stripe', 'us, au, my, vn, cn: STRIPE_API_BASE is not Stripe\'s API');
  }
  if (!env.PAYPAL_CLIENT_ID) gap('paypal', 'us, au, my: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID are not set (PayPal would be the offline sandbox)');
  else {
    if ((env.PAYPAL_API_BASE ?? PAYPAL_LIVE_API_BASE).replace(/\/+$/, '') !== PAYPAL_LIVE_API_BASE) gap('paypal', 'us, au, my: PAYPAL_API_BASE is not PayPal\'s live API');
    if (!env.PAYPAL_WEBHOOK_ID) gap('paypal', 'us, au, my: PAYPAL_WEBHOOK_ID is not set (PayPal webhooks could not be verified)');
  }
  return gaps;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { devServer?: boolean } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, emptyToUndefined(v)]));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const publicUrl = raw.PUBLIC_URL ? new URL(raw.PUBLIC_URL).origin : `http://localhost:${raw.PORT}`;
  // D29 as amended: a public (https) store never takes test payments by accident. A provider that
  // would take them offers no methods there (its stores say payments are not open yet) and the
  // shop starts; ALLOW_TEST_PAYMENTS=true lets them take test payments on purpose.
  const gaps = publicUrl.startsWith('https://') && !raw.ALLOW_TEST_PAYMENTS ? testPaymentGaps(raw) : [];
  return {
    ...raw,
    dataDir: path.resolve(raw.DATA_DIR),
    publicUrl,
    secure: publicUrl.startsWith('https://'),
    development: options.devServer === true,
    paymentsProvider: raw.PAYMENTS_PROVIDER ?? (raw.TOSS_SECRET_KEY ? 'toss' : 'sandbox'),
    closedGateways: new Set(gaps.map((gap) => gap.gateway)),
    closedBecause: gaps.map((gap) => gap.message),
  };
}
