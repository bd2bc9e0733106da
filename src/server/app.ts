/**
 * The HTTP server: the JSON API and the server-rendered pages in one Fastify instance.
 * Route modules only translate HTTP; rules live in the feature services and the domain module.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { fastify, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { RouterContextProvider } from 'react-router';
import { requestInfo, type PageLoaders } from '#request-context';
import type { Redis } from 'ioredis';
import type { ViteDevServer } from 'vite';
import { COMPANY } from '../domain/site.ts';
import { registerAccountRoutes } from './features/accounts/auth.routes.ts';
import { registerSecondFactorRoutes } from './features/accounts/second-factor.routes.ts';
import { secretKeyFrom } from './features/accounts/second-factor-secret.ts';
import { GOOGLE_ISSUER, OidcClient } from './features/accounts/google.ts';
import { createAuth } from './http/auth.ts';
import { cutOffSlowBodies } from './http/body-deadline.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { startMailWorker } from './mail/mail-worker.ts';
import { storeMailKinds } from './store-mails.ts';
import { createMailer } from './mail/mailer.ts';
import type { Config } from './config.ts';
import { notificationsOf, type Database } from './db/client.ts';
import { registerContactRoutes } from './features/contact/contact.routes.ts';
import { answerClientError, answerFrameworkError, registerApiNotFound, registerErrorHandling, serializeError } from './http/errors.ts';
import { registerCountryPrefix } from './routing/country-prefix.ts';
import type { IsoCountryLookup } from './routing/country-detection.ts';
import { registerSeoRoutes } from './routing/seo.ts';
import { registerHardening } from './http/hardening.ts';
import { ASSET_CACHE_CONTROL, clientFolders, FILE_CACHE_CONTROL, registerClientFolders, topLevelFilesOnly } from './http/client-files.ts';
import { helmetHeaders } from './http/security-headers.ts';
import { trustProxyOf } from './http/trust-proxy.ts';
import { registerContract } from './http/contract.ts';
import { redactUrl } from './http/redact.ts';
import { registerStoreResolver } from './http/store.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { buildInfo } from './build-info.ts';
import { registerCartRoutes } from './features/cart/cart.routes.ts';
import { createOrderLinks } from './features/orders/order-links.ts';
import { createOrdersLoader } from './features/orders/orders.loader.ts';
import { createReturnRefs } from './features/payments/return-refs.ts';
import { registerOrderRoutes } from './features/orders/orders.routes.ts';
import { createPaymentRegistry } from './features/payments/providers/index.ts';
import { createPaymentsLoader } from './features/payments/payments.loader.ts';
import { createPaymentsService } from './features/payments/payments.service.ts';
import { registerPaymentRoutes } from './features/payments/payments.routes.ts';
import { registerBriefRoutes } from './features/briefs/briefs.routes.ts';
import { registerUploadRoutes } from './features/uploads/uploads.routes.ts';
import { createUploadQuota } from './features/uploads/upload-quota.ts';
import { createStorage } from './storage/index.ts';
import { storeJobs } from './jobs/index.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { createAdminLoader } from './features/admin/admin.loader.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { createTaxLoader } from './features/tax/tax.loader.ts';
import { createTaxRules } from './features/tax/tax-rules.service.ts';
import { registerTaxRoutes } from './features/tax/tax.routes.ts';
import { registerPaperRoutes } from './features/papers/papers.routes.ts';
import { registerCustomerDataRoutes } from './features/privacy/customer-data.routes.ts';
import { registerErasureRoutes } from './features/privacy/erasure.routes.ts';
import { registerQuoteRoutes } from './features/quotes/quotes.routes.ts';
import { registerConversationRoutes } from './features/conversation/conversation.routes.ts';
import { createEventHub } from './events/event-hub.ts';
import { registerEventRoutes } from './events/events.routes.ts';
import { registerDeliverableRoutes } from './features/deliverables/deliverables.routes.ts';
import { staffRecipients } from './features/admin/admin-users.service.ts';
import { registerHealthRoutes } from './operations/health.ts';
import { createLifecycle, type Lifecycle } from './operations/lifecycle.ts';
import { createMetrics } from './operations/metrics.ts';
import { registerMetricsEndpoint } from './operations/metrics-endpoint.ts';

interface RouteEntry {
  method: string;
  url: string;
  /** The answers its contract declares, by status (none: the route has no contract). */
  answers: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly routeTable: readonly RouteEntry[];
    /** The scheduled jobs: `jobs.runOnce(name)` runs a pass now. */
    readonly jobs: Pick<Scheduler, 'runOnce'>;
    /** Ready, or shutting down (SIGTERM; GET /readyz then answers 503). */
    readonly lifecycle: Lifecycle;
    /** Where the metrics' own listener listens (METRICS_HOST), once ready; null without one. */
    readonly metricsAddress: () => AddressInfo | null;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  geoLookup?: IsoCountryLookup | undefined;
  /** Present under `react-router dev`; pages are then compiled on demand by Vite. */
  devServer?: ViteDevServer | undefined;
  /** Folder of the production build (default ./build). */
  buildDir?: string;
  /** Shared rate-limit counters (REDIS_URL), and the prefix of their keys. */
  redis?: Redis | undefined;
  rateLimitPrefix?: string;
  /** Secret for signed cookies; SESSION_SECRET, else one made up per process. */
  cookieSecret: string;
  /** Where the log goes (default stdout); tests read it to check what is never logged. */
  logStream?: NodeJS.WritableStream | undefined;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** How often an instance reads the stores' tax rules again (a change made on another instance). */
const TAX_REFRESH_MS = 60_000;

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // The instance's logger, once there is one (Node's parser errors arrive only after listen).
  let clientErrorLog: FastifyBaseLogger | undefined;
  const app = fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : {
      level: config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        // A database error is logged without the statement's parameters (guest ids, addresses).
        err: serializeError,
      },
    },
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (D24).
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a closing server on a connection it already has is served, not
    // answered 503 in Fastify's own shape: the shutdown finishes what it accepted (issue 36).
    return503OnClosing: false,
    // What is refused before a route runs answers in the one error shape too (issue 33, item 6).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, clientErrorLog),
  });

  // Every route the server answers, as registered: tests walk it so that no endpoint is forgotten.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    // Read when asked: the contract adds the answers every route may give (http/contract.ts).
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, get answers() { return Object.keys((route.schema?.response ?? {}) as object); } });
  });
  app.decorate('routeTable', routeTable);
  clientErrorLog = app.log;

  registerErrorHandling(app);

  // First of the preClose hooks: from the moment the server begins to close, it is not ready.
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => lifecycle.beginShutdown());

  // A JSON (or webhook) body must arrive whole within BODY_TIMEOUT_MS; uploads keep their own clocks.

  cutOffSlowBodies(app, config.BODY_TIMEOUT_MS);
  registerHardening(app, helmetHeaders({
    // Pages get a nonce-based policy from the renderer (src/web/entry.server.tsx).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }));
  await app.register(fastifyCookie, { secret: options.cookieSecret });
  registerStoreResolver(app, config.publicUrl);
  // Pages are compressed as they stream, one brotli encoder per response. Its default 4 MB window
  // is allocated (and zeroed) for every page although a page is 80-150 KB: a 256 KB window gives
  // the same bytes with 12-28% more pages per second and less memory per response (issue 17).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });
  // Route limits (orders, confirm, uploads, contact, briefs) count in Redis when it is there, in
  // the key space of the account limits, so N instances give an IP one allowance, not N, and a
  // restart forgets nothing. If Redis stops answering the routes stay open rather than failing.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.rateLimitPrefix ?? 'rl'}:route:`, skipOnError: true } : {}),
  });

  // Before any route: the compilers read every route's contract, and the document collects them.
  // Answers are held to their contracts in tests and under `react-router dev` only: a store started
  // without NODE_ENV=production must not turn a drift into a 500 for its customers.
  await registerContract(app, { checkAnswers: config.NODE_ENV === 'test' || config.development, version: packageJson.version });

  registerHealthRoutes(app, { db, redis: options.redis, lifecycle });
  // Metrics only when configured; every HTTP answer is counted from here on.
  let streamsOpen = () => 0;
  const metrics = config.METRICS_TOKEN || config.METRICS_HOST ? createMetrics({ db, streamsOpen: () => streamsOpen() }) : undefined;
  const metricsEndpoint = metrics ? registerMetricsEndpoint(app, metrics, { token: config.METRICS_TOKEN, host: config.METRICS_HOST, port: config.METRICS_PORT }) : undefined;
  app.decorate('metricsAddress', () => metricsEndpoint?.address() ?? null);
  const auth = createAuth(db, config.STAFF_2FA);
  const taxRules = createTaxRules(db);
  // Read before the first page asks, then every minute off the request path.
  await taxRules.refresh();
  const taxRefresh = setInterval(() => taxRules.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'tax rules could not be read again')), TAX_REFRESH_MS).unref();
  app.addHook('onClose', async () => clearInterval(taxRefresh));
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `Studio Lumi <${COMPANY.email}>`,
    outboxDir: `${config.dataDir}/outbox`,
    logBodies: config.development,
  }, app.log);
  const oidc = config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
    ? new OidcClient({ issuer: config.OIDC_ISSUER ?? GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
    : undefined;
  const limits = createRateLimits(options.redis, options.rateLimitPrefix);
  registerAccountRoutes(app, {
    db,
    auth,
    limits,
    mailer,
    oidc,
    secureCookies: config.secure,
    staff2fa: config.STAFF_2FA,
  });
  registerSecondFactorRoutes(app, { db, auth, limits, key: secretKeyFrom(config.SESSION_SECRET), policy: config.STAFF_2FA, secureCookies: config.secure });
  registerCartRoutes(app, db, auth);
  const orderLinks = createOrderLinks(options.cookieSecret, config.publicUrl);
  const build = buildInfo(path.resolve(import.meta.dirname, '..', '..'), packageJson.version);
  const mailWorker = startMailWorker({
    db, mailer, origin: config.publicUrl, kinds: storeMailKinds(orderLinks), log: app.log,
    staffRecipients: () => staffRecipients(db, config.STAFF_EMAIL),
    // On PostgreSQL, mail queued by any instance wakes every instance's worker.
    notifications: notificationsOf(db),
    sending: config.MAIL_WORKER === 'on',
  });
  // Before the database closes: the mail being sent finishes, the rest is left to the other
  // instances or the next start; then the pooled SMTP connections close.
  app.addHook('preClose', async () => {
    await mailWorker.stop();
    mailer.close();
  });
  // Mail queued before a restart goes out once the server is up again.
  app.addHook('onReady', async () => mailWorker.nudge());
  if (config.closedBecause.length) {
    app.log.warn({ because: config.closedBecause }, 'PUBLIC_URL is https and some providers would take test payments: their stores offer no payment methods until their keys are set (or ALLOW_TEST_PAYMENTS=true)');
  }
  const payments = createPaymentsService({ db, registry: createPaymentRegistry(config, options.cookieSecret), origin: config.publicUrl, mailWorker, log: app.log, limits, secret: options.cookieSecret });
  registerPaymentRoutes(app, { db, auth, links: orderLinks, payments, metrics });
  registerOrderRoutes(app, db, auth, payments, orderLinks, mailWorker);
  const storage = await createStorage(config);
  // Customers' daily upload allowances count in Redis beside the rate limits when it is there.
  const uploadQuota = createUploadQuota({ redis: options.redis, keyPrefix: options.rateLimitPrefix });
  registerUploadRoutes(app, { db, auth, storage, links: orderLinks, quota: uploadQuota, idleTimeoutMs: config.UPLOAD_IDLE_TIMEOUT_MS });
  registerContactRoutes(app, db, mailWorker);
  registerBriefRoutes(app, { db, auth, links: orderLinks, mailWorker });
  registerAdminRoutes(app, { db, auth, mailWorker, payments });
  registerTaxRoutes(app, { auth, taxRules });
  registerPaperRoutes(app, { db, auth, links: orderLinks, payments });
  registerQuoteRoutes(app, { db, auth, links: orderLinks, mailWorker });
  const eventHub = createEventHub(db, app.log);
  streamsOpen = () => eventHub.size();
  registerConversationRoutes(app, { db, auth, links: orderLinks, events: eventHub });
  registerEventRoutes(app, { auth, links: orderLinks, hub: eventHub, maxStreams: config.EVENTS_MAX_STREAMS, heartbeatMs: config.EVENTS_HEARTBEAT_MS });
  // Open streams would keep the server from closing: each is ended with a hint to come back.
  app.addHook('preClose', async () => eventHub.close());
  registerDeliverableRoutes(app, { db, auth, storage, links: orderLinks, mailWorker, idleTimeoutMs: config.UPLOAD_IDLE_TIMEOUT_MS });
  registerCustomerDataRoutes(app, { db, auth, storage, links: orderLinks });
  registerErasureRoutes(app, { db, auth, storage, links: orderLinks, limits, mailer, secureCookies: config.secure });
  registerSeoRoutes(app, config.publicUrl);
  registerApiNotFound(app);
  // Unclaimed uploads and unpaid orders are cleared on a clock, from the first moment the server
  // is up; before the database closes, the pass under way finishes and no other starts.
  const scheduler = createScheduler({ db, log: app.log, observe: metrics && ((job, outcome, intervalMs) => metrics.jobPass(job, outcome, intervalMs)), jobs: storeJobs({ storage, payments, reconcileIntervalMs: config.PAYMENT_RECONCILE_INTERVAL_MS, messageMailDelayMs: config.MESSAGE_MAIL_DELAY_MS, mailQueued: () => mailWorker.nudge(), log: app.log }) });
  app.addHook('onReady', async () => scheduler.start());
  // The jobs by name, for a pass on demand (the tests; an operator's command later).
  app.decorate('jobs', scheduler);
  app.addHook('preClose', async () => scheduler.stop());

  registerCountryPrefix(app, {
    cdnHeader: config.TRUST_CDN_COUNTRY_HEADER?.toLowerCase(),
    geoLookup: options.geoLookup,
  });

  // Each feature's helpers for the pages' loaders, bound to the database once.
  const loaders: PageLoaders = {
    admin: createAdminLoader({ db, payments, taxRules, system: { storage: storage.kind, mail: mailer.kind, version: build.version, commit: build.commit, builtAt: build.builtAt?.toISOString() ?? null } }),
    orders: createOrdersLoader({ db, links: orderLinks, refs: createReturnRefs(options.cookieSecret), mailQueued: () => mailWorker.nudge() }),
    payments: createPaymentsLoader({ db, payments, links: orderLinks, log: app.log }),
    tax: createTaxLoader(taxRules),
  };
  const buildDir = options.buildDir ?? 'build';
  const clientDir = path.resolve(buildDir, 'client');
  // Under `react-router dev` Vite serves the files.
  const folders = options.devServer ? [] : clientFolders(clientDir);
  await registerClientFolders(app, clientDir, folders);
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    serverBuildPath: `${buildDir}/server/index.js`,
    clientBuildDirectory: clientDir,
    mode: options.devServer ? 'development' : 'production',
    staticOptions: topLevelFilesOnly(clientDir, folders),
    getLoadContext: async (request) => {
      const context = new RouterContextProvider();
      context.set(requestInfo, { user: await auth.currentUser(request), client: request.ip, store: request.store, googleSignIn: Boolean(oidc), loaders });
      return context;
    },
    assetCacheControl: ASSET_CACHE_CONTROL,
    fileCacheControl: FILE_CACHE_CONTROL,
  });

  return app;
}
