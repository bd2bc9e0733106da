/**
 * Metrics in the Prometheus text format (issue 36), with prom-client. Two kinds of series:
 *
 * - This instance's own: HTTP answers by route template and status (a latency histogram), webhook
 *   deliveries by outcome, job passes, open event streams, and the process's (CPU, memory, event
 *   loop, GC). Sum them across instances.
 * - The store's, read from the database when scraped (one short query each): orders by store,
 *   payment attempts and refunds by provider and status, money stuck, the mail outbox, uploads.
 *   Every instance reports the same values: take `max` across instances, not `sum`.
 * A job's label is `job_name`: Prometheus keeps `job` for the scrape target's own.
 *
 * Made only when configured (METRICS_TOKEN or METRICS_HOST): a store without them keeps no registry.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { OPEN_ATTEMPT_STATUSES, OPEN_REFUND_STATUSES } from '../../domain/payments.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { mailOutbox, orders, paymentAttempts, refunds, uploadedFiles } from '../db/schema.ts';
import { stuckMoney } from '../features/payments/stuck-money.ts';

export interface StoreMetrics {
  /** One HTTP answer: `route` is the route's template ('page' for pages, 'unmatched' for none). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A provider's webhook: its outcome (settled, duplicate, ignored, ...), or refused / failed. */
  webhook(provider: string, outcome: string): void;
  /** A scheduled job's pass. */
  jobPass(job: string, outcome: 'done' | 'failed', intervalMs: number): void;
  /** The text a scrape gets, the store's series read afresh. */
  render(): Promise<string>;
  readonly contentType: string;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(deps: { db: Database; streamsOpen: () => number }): StoreMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metric = { registers: [registry] };

  const http = new Histogram({ name: 'lumi_http_request_duration_seconds', help: 'HTTP answers by method, route template and status, and how long they took.', labelNames: ['method', 'route', 'status'], buckets: BUCKETS, ...metric });
  const webhooks = new Counter({ name: 'lumi_webhooks_total', help: "Providers' webhook deliveries by outcome (refused: a bad signature or body).", labelNames: ['provider', 'outcome'], ...metric });
  const jobRuns = new Counter({ name: 'lumi_job_runs_total', help: 'Passes of the scheduled jobs by outcome.', labelNames: ['job_name', 'outcome'], ...metric });
  const jobLastSuccess = new Gauge({ name: 'lumi_job_last_success_timestamp_seconds', help: "When each job's last pass succeeded on this instance (Unix time).", labelNames: ['job_name'], ...metric });
  const jobInterval = new Gauge({ name: 'lumi_job_interval_seconds', help: 'How often each job runs: a last success older than a few intervals is lag.', labelNames: ['job_name'], ...metric });
  new Gauge({ name: 'lumi_event_streams_open', help: 'Live event streams open on this instance.', ...metric, collect() { this.set(deps.streamsOpen()); } });

  // The store's series: counters are the database's totals, set when scraped.
  const ordersTotal = new Counter({ name: 'lumi_orders_total', help: 'Orders by store and what happened to them: created, paid, cancelled (from the database).', labelNames: ['store', 'event'], ...metric });
  const attemptsTotal = new Counter({ name: 'lumi_payment_attempts_total', help: 'Payment attempts by provider and status (from the database).', labelNames: ['provider', 'status'], ...metric });
  const attemptsOpen = new Gauge({ name: 'lumi_payment_attempts_open', help: 'Attempts whose money may still move (started, processing, unknown), by provider and status.', labelNames: ['provider', 'status'], ...metric });
  const refundsTotal = new Counter({ name: 'lumi_refunds_total', help: 'Refunds by provider and status (from the database).', labelNames: ['provider', 'status'], ...metric });
  const refundsOpen = new Gauge({ name: 'lumi_refunds_open', help: 'Refunds not yet confirmed by their provider (requested, unknown), by provider and status.', labelNames: ['provider', 'status'], ...metric });
  const moneyStuck = new Gauge({ name: 'lumi_money_stuck', help: "Attempts and refunds staff must look at: unknown for over an hour, or a refund a provider refused.", ...metric });
  const mailBacklog = new Gauge({ name: 'lumi_mail_outbox_backlog', help: 'Mails queued and not yet sent (nor given up on).', ...metric });
  const mailOldest = new Gauge({ name: 'lumi_mail_outbox_oldest_seconds', help: 'Age of the oldest mail waiting to be sent (0 when none).', ...metric });
  const mailsSent = new Counter({ name: 'lumi_mails_sent_total', help: 'Mails sent (from the database).', ...metric });
  const mailsFailed = new Counter({ name: 'lumi_mails_failed_total', help: 'Mails given up on after their retries (from the database).', ...metric });
  const uploads = new Counter({ name: 'lumi_uploads_total', help: 'Files stored (from the database).', ...metric });
  const uploadBytes = new Counter({ name: 'lumi_upload_bytes_total', help: 'Bytes of the files stored (from the database).', ...metric });
  const storeRead = new Gauge({ name: 'lumi_store_metrics_up', help: "1 when the store's series were read from the database for this scrape, 0 when it did not answer.", ...metric });

  const setTotal = (counter: Counter, labels: Record<string, string>, value: number) => { if (value > 0) counter.inc(labels, value); };

  async function readStore(): Promise<void> {
    const { db } = deps;
    const [orderRows, attemptRows, refundRows, stuck, mail, files] = await Promise.all([
      db.execute(sql`select ${orders.country} as store, count(*)::int as created, count(${orders.paidAt})::int as paid,
        count(*) filter (where ${orders.status} = 'cancelled')::int as cancelled from ${orders} group by 1`),
      db.execute(sql`select ${paymentAttempts.provider} as provider, ${paymentAttempts.status} as status, count(*)::int as n from ${paymentAttempts} group by 1, 2`),
      db.execute(sql`select ${refunds.provider} as provider, ${refunds.status} as status, count(*)::int as n from ${refunds} group by 1, 2`),
      stuckMoney(db, 1),
      db.execute(sql`select count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null)::int as backlog,
        coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null)), 0)::float8 as oldest,
        count(${mailOutbox.sentAt})::int as sent, count(${mailOutbox.failedAt})::int as failed from ${mailOutbox}`),
      db.execute(sql`select count(*)::int as files, coalesce(sum(${uploadedFiles.sizeBytes}), 0)::float8 as bytes from ${uploadedFiles}`),
    ]);
    for (const counter of [ordersTotal, attemptsTotal, refundsTotal, mailsSent, mailsFailed, uploads, uploadBytes]) counter.reset();
    attemptsOpen.reset();
    refundsOpen.reset();
    for (const row of rowsOf<{ store: string; created: number; paid: number; cancelled: number }>(orderRows)) {
      for (const event of ['created', 'paid', 'cancelled'] as const) setTotal(ordersTotal, { store: row.store, event }, row[event]);
    }
    for (const row of rowsOf<{ provider: string; status: string; n: number }>(attemptRows)) {
      setTotal(attemptsTotal, { provider: row.provider, status: row.status }, row.n);
      if ((OPEN_ATTEMPT_STATUSES as readonly string[]).includes(row.status)) attemptsOpen.set({ provider: row.provider, status: row.status }, row.n);
    }
    for (const row of rowsOf<{ provider: string; status: string; n: number }>(refundRows)) {
      setTotal(refundsTotal, { provider: row.provider, status: row.status }, row.n);
      if ((OPEN_REFUND_STATUSES as readonly string[]).includes(row.status)) refundsOpen.set({ provider: row.provider, status: row.status }, row.n);
    }
    moneyStuck.set(stuck.total);
    const outbox = rowsOf<{ backlog: number; oldest: number; sent: number; failed: number }>(mail)[0]!;
    mailBacklog.set(outbox.backlog);
    mailOldest.set(Math.round(Number(outbox.oldest)));
    setTotal(mailsSent, {}, outbox.sent);
    setTotal(mailsFailed, {}, outbox.failed);
    const stored = rowsOf<{ files: number; bytes: number }>(files)[0]!;
    setTotal(uploads, {}, stored.files);
    setTotal(uploadBytes, {}, Number(stored.bytes));
  }

  // Scrapes that arrive together read the database once.
  let reading: Promise<void> | null = null;
  return {
    observeRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    webhook(provider, outcome) {
      webhooks.inc({ provider, outcome });
    },
    jobPass(job, outcome, intervalMs) {
      jobRuns.inc({ job_name: job, outcome });
      jobInterval.set({ job_name: job }, intervalMs / 1000);
      if (outcome === 'done') jobLastSuccess.set({ job_name: job }, Date.now() / 1000);
    },
    async render() {
      // Without the database the instance's own series still answer, and the failure is a series too.
      const read = reading ??= readStore().then(() => storeRead.set(1), () => storeRead.set(0)).finally(() => { reading = null; });
      await read;
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
