/**
 * The mail worker's throughput and its exactly-once rule (issue "Hardening, round three", item
 * 11). A scratch PostgreSQL database holds paid orders, each with its two mails in the outbox
 * (the customer's order_paid and staff's staff_order, as a confirmed payment queues them); the
 * store's mail worker runs in a process of its own (this script with `worker`) and sends to an
 * SMTP sink on loopback, which counts the X-Outbox-Id of every message it accepts.
 * - steady: one worker sends BENCH_MAILS mails; mails per second from its start to the last one.
 * - kill -9: a worker is killed halfway through another BENCH_MAILS, a second one is started at
 *   once and sends what is left, including the dead one's claimed rows once their claim lapses.
 *   Lost (never accepted) must be 0; sent twice can only be a message the killed process had in
 *   flight between the server's acceptance and its own UPDATE (at most one per connection).
 * Target: well above 100 mails/s.
 * Usage: npm run bench:mail   (BENCH_DATABASE_URL or TEST_DATABASE_URL, default local postgres)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { CLAIM_SECONDS, startMailWorker } from '../../src/server/mail/mail-worker.ts';
import { createMailer, SMTP_CONNECTIONS } from '../../src/server/mail/mailer.ts';
import { storeMailKinds } from '../../src/server/store-mails.ts';
import { startSmtpSink } from '../../tests/integration/support/smtp-sink.ts';

const ORIGIN = 'https://shop.test';

if (process.argv[2] === 'worker') {
  // The worker process: what the store runs, minus HTTP.
  const log = pino({ level: 'warn' }, pino.destination(2));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: 'Studio Lumi <hello@shop.test>', outboxDir: '/nonexistent', logBodies: false }, log);
  const worker = startMailWorker({
    db: database.db, mailer, origin: ORIGIN, kinds: storeMailKinds(createOrderLinks('bench-secret', ORIGIN)), log,
    staffRecipients: async () => ['staff@shop.test'], notifications: database.notifications,
  });
  const alive = setInterval(() => {}, 1 << 30); // the worker's own timers do not keep a process alive
  process.once('SIGTERM', () => {
    void worker.stop().then(async () => {
      mailer.close();
      await database.close();
      clearInterval(alive);
      process.exit(0);
    });
  });
  process.send!('ready');
  void worker.drain();
} else {
  await bench();
}

async function bench() {
  const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `store_bench_mail_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sink = await startSmtpSink();
  const children: ChildProcess[] = [];
  const db = postgres(url.toString(), { max: 2, onnotice: () => {} });

  /** `mails` / 2 paid orders with a line each, and their two mails queued; answers the mails' ids. */
  async function queue(mails: number, tag: string): Promise<string[]> {
    const rows = await db.unsafe<Array<{ id: string }>>(`
      with o as (
        insert into orders (order_number, is_guest_order, guest_id, customer_name, customer_email, customer_phone, order_type, order_name, country, currency, language,
          amount_krw, amount_minor, status, paid_at)
        select 'SL-${tag}' || lpad(g::text, 8, '0'), true, 'bench-guest-${tag}-' || lpad(g::text, 36, '0'), '고객 ' || g, 'customer' || g || '@example.com', '010-0000-0000',
          'service', '푸드 스튜디오 컷 x 3장', 'kr', 'KRW', 'ko', 80000, 80000, 'order_received', now()
        from generate_series(1, ${Math.ceil(mails / 2)}) as g
        returning id
      ), l as (
        insert into order_lines (order_id, position, kind, ref, name, quantity, unit_price_krw, total_krw)
        select id, 0, 'service', '4', '푸드 스튜디오 컷', 3, 80000, 80000 from o
      )
      insert into mail_outbox (kind, order_id) select kind, o.id from o cross join (values ('order_paid'), ('staff_order')) as kinds(kind)
      returning id`);
    return rows.map((row) => row.id);
  }
  const unsent = async (ids: string[]) => (await db`select count(*)::int as n from mail_outbox where sent_at is null and id = any(${ids})`)[0]!.n as number;

  function startWorker(): Promise<ChildProcess> {
    // BENCH_PROFILE=dir writes a CPU profile of each worker process there.
    const execArgv = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = fork(import.meta.filename, ['worker'], { execArgv, env: { ...process.env, DATABASE_URL: url.toString(), SMTP_URL: sink.url }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(child));
      child.once('exit', (code) => reject(new Error(`the worker exited with ${code} before it was ready`)));
    });
  }
  const stop = (child: ChildProcess, signal: NodeJS.Signals) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill(signal);
  });
  /** What the sink received of `ids`: how many never arrived, and how many arrived more than once. */
  const tally = (ids: string[]) => ({
    lost: ids.filter((id) => !sink.counts.has(id)).length,
    twice: ids.filter((id) => (sink.counts.get(id) ?? 0) > 1).length,
  });
  const until = async (done: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return true;
  };

  try {
    // Migrations, as a store start applies them.
    await (await openDatabase({ databaseUrl: url.toString() })).close();

    // Steady: one worker, everything queued before it starts.
    const steadyIds = await queue(MAILS, 'a');
    let worker = await startWorker();
    const started = performance.now();
    const acceptedBefore = sink.accepted.length;
    await sink.waitFor(acceptedBefore + steadyIds.length, 120_000);
    const seconds = (performance.now() - started) / 1000;
    const steadyMarked = await until(async () => (await unsent(steadyIds)) === 0, 5000);
    await stop(worker, 'SIGTERM');
    const steady = { ...tally(steadyIds), perSecond: steadyIds.length / seconds, seconds };

    // kill -9 halfway (by the clock, as a crash would come, not on a message's acceptance).
    const crashIds = await queue(MAILS, 'b');
    const crashStart = sink.accepted.length;
    worker = await startWorker();
    await new Promise((resolve) => setTimeout(resolve, (crashIds.length / 2 / steady.perSecond) * 1000));
    await stop(worker, 'SIGKILL');
    const killedAt = performance.now();
    const beforeKill = sink.accepted.length - crashStart;
    const markedAtKill = crashIds.length - (await unsent(crashIds));
    worker = await startWorker();
    const recovered = await until(async () => (await unsent(crashIds)) === 0 && crashIds.every((id) => sink.counts.has(id)), (CLAIM_SECONDS + 30) * 1000);
    const recoverySeconds = (performance.now() - killedAt) / 1000;
    await stop(worker, 'SIGTERM');
    const crash = tally(crashIds);

    const row = (phase: string, mails: number, secs: string, rate: string, lost: number, twice: number) =>
      `  ${phase.padEnd(18)} ${String(mails).padStart(6)} ${secs.padStart(8)} ${rate.padStart(8)} ${String(lost).padStart(6)} ${String(twice).padStart(11)}`;
    console.log(`${MAILS} mails per phase (paid orders: order_paid + staff_order), PostgreSQL, the worker in its own process, ${SMTP_CONNECTIONS} pooled SMTP connections to a sink on loopback`);
    console.log(`  ${'phase'.padEnd(18)} ${'mails'.padStart(6)} ${'seconds'.padStart(8)} ${'mails/s'.padStart(8)} ${'lost'.padStart(6)} ${'sent twice'.padStart(11)}`);
    console.log(row('steady', steadyIds.length, steady.seconds.toFixed(2), steady.perSecond.toFixed(0), steady.lost, steady.twice));
    console.log(row('kill -9 halfway', crashIds.length, recoverySeconds.toFixed(1), '-', crash.lost, crash.twice));
    console.log(`  the killed worker had ${beforeKill} accepted and ${markedAtKill} marked sent; the second sent the rest, its dead claims after they lapsed (${CLAIM_SECONDS} s): all sent ${recovered ? `${recoverySeconds.toFixed(1)} s after the kill` : 'NOT within the wait'}`);
    const exact = steadyMarked && steady.lost === 0 && steady.twice === 0 && recovered && crash.lost === 0 && crash.twice <= SMTP_CONNECTIONS;
    console.log(`  target: well above 100 mails/s ${steady.perSecond > 100 ? 'met' : 'NOT met'}; lost 0 ${steady.lost + crash.lost === 0 ? 'met' : 'NOT met'}; sent twice only what was in flight at the kill (at most ${SMTP_CONNECTIONS}): ${crash.twice <= SMTP_CONNECTIONS ? 'met' : 'NOT met'}`);
    process.exitCode = exact && steady.perSecond > 100 ? 0 : 1;
  } finally {
    for (const child of children) await stop(child, 'SIGKILL');
    await db.end();
    await sink.stop();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
