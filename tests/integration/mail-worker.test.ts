/**
 * The mail worker against a real SMTP peer on loopback (issue "Hardening, round three", item 11):
 * each mail is marked sent as soon as the server accepted it, so a worker that dies mid-batch
 * leaves only the rest to the next one, and each mail arrives once; claims are short and renewed
 * while a batch is being worked; messages travel a few at a time over kept-open connections.
 * Time is moved with SQL rather than waited for.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type DatabaseHandle } from '../../src/server/db/client.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { CLAIM_SECONDS, startMailWorker, type MailWorker } from '../../src/server/mail/mail-worker.ts';
import { createMailer, type Mailer } from '../../src/server/mail/mailer.ts';
import { storeMailKinds } from '../../src/server/store-mails.ts';
import { BACKENDS } from './harness.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-db.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

const log = pino({ level: 'silent' });
const ORIGIN = 'https://shop.test';

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(BACKENDS)('mail worker on %s', (backend) => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(backend);
  });
  afterAll(async () => scratch?.drop());
  const db = () => scratch.handle.db;

  // Everything a test starts, stopped after it even when it failed.
  let cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });
  beforeEach(async () => {
    await db().execute(sql`delete from mail_outbox`);
    await db().execute(sql`delete from contact_submissions`);
  });

  /** `count` staff mails about contact messages, queued as the contact form queues them. */
  async function queue(count: number): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(await db().execute(sql`
      with c as (
        insert into contact_submissions (name, email, service, message, country, language)
        select '고객 ' || g, 'customer' || g || '@example.com', 'consultation', '문의드립니다.', 'kr', 'ko' from generate_series(1, ${count}) as g
        returning id
      )
      insert into mail_outbox (kind, payload) select 'staff_contact', jsonb_build_object('contactId', id::text) from c
      returning id`));
    return rows.map((row) => row.id).sort();
  }
  const sentIds = async () => rowsOf<{ id: string }>(await db().execute(sql`select id from mail_outbox where sent_at is not null order by id`)).map((row) => row.id);
  const secondsUntilDue = async () => rowsOf<{ s: number }>(await db().execute(sql`select extract(epoch from next_attempt_at - now())::float8 as s from mail_outbox`)).map((row) => Number(row.s));

  async function startSink(): Promise<SmtpSink> {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.stop());
    return sink;
  }
  /** A worker as the app starts one, on its own database handle when the backend allows. */
  async function startWorker(sink: SmtpSink, options: { claimSeconds?: number; ownHandle?: boolean } = {}): Promise<{ worker: MailWorker; mailer: Mailer; handle: DatabaseHandle | undefined; workerDb: Database }> {
    const handle = options.ownHandle && scratch.url ? await openDatabase({ databaseUrl: scratch.url }) : undefined;
    const workerDb = handle?.db ?? db();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Studio Lumi <hello@shop.test>', outboxDir: '/nonexistent', logBodies: false }, log);
    const worker = startMailWorker({
      db: workerDb, mailer, origin: ORIGIN, kinds: storeMailKinds(createOrderLinks('test-secret', ORIGIN)), log,
      staffRecipients: async () => ['staff@shop.test'], intervalMs: 3_600_000, ...(options.claimSeconds ? { claimSeconds: options.claimSeconds } : {}),
    });
    cleanups.push(async () => {
      const stopping = worker.stop();
      sink.release();
      await stopping;
      mailer.close();
      await handle?.close().catch(() => {});
    });
    return { worker, mailer, handle, workerDb };
  }

  it('marks each mail sent once the server accepted it: after a worker dies mid-batch, the next sends only the rest, each once', async () => {
    const all = await queue(30);
    const first = await startSink();
    const accepted = 12;
    first.hangAfter(accepted);
    const dying = await startWorker(first, { ownHandle: true });
    void dying.worker.drain();

    await first.waitFor(accepted);
    // The rest of the batch is stuck with the server: the batch is not over.
    await until(() => first.held() > 0, 'the server to hold a message');
    await until(async () => (await sentIds()).length === accepted, `${accepted} mails marked sent`);
    expect(await sentIds()).toEqual([...first.accepted].sort());
    // Each accepted message carried its outbox row's id.
    expect(first.accepted.every((id) => all.includes(id))).toBe(true);

    // The process dies: its connection to the database is gone, and the claim lapses
    // (CLAIM_SECONDS are taken off the clock in SQL rather than waited for).
    await dying.handle?.close();
    await db().execute(sql`update mail_outbox set next_attempt_at = next_attempt_at - make_interval(secs => ${CLAIM_SECONDS}) where sent_at is null`);

    const second = await startSink();
    const next = await startWorker(second);
    expect(await next.worker.drain()).toBe(all.length - accepted);
    expect([...second.accepted].sort()).toEqual(all.filter((id) => !first.accepted.includes(id)));
    expect([...second.counts.values()].every((times) => times === 1)).toBe(true);
    expect(await sentIds()).toEqual(all);
  });

  it('sends nothing for a row of a kind it does not know (left for a newer release) or with a payload its kind refuses (given up for good); the rest go out', async () => {
    const [good] = await queue(1);
    // A newer release may queue a kind this one does not know (its check lists the newer kinds).
    const [check] = rowsOf<{ def: string }>(await db().execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'mail_outbox_kind_check'`));
    await db().execute(sql`alter table mail_outbox drop constraint mail_outbox_kind_check`);
    cleanups.push(async () => {
      await db().execute(sql`delete from mail_outbox`);
      await db().execute(sql.raw(`alter table mail_outbox add constraint mail_outbox_kind_check ${check!.def}`));
    });
    const [unknown, malformed] = rowsOf<{ id: string }>(await db().execute(sql`
      insert into mail_outbox (kind, payload) values ('order_shipped', '{"contactId": "00000000-0000-0000-0000-000000000000"}'), ('staff_contact', '{"contactId": "not an id"}')
      returning id`)).map((row) => row.id);
    const sink = await startSink();
    const { worker } = await startWorker(sink);
    expect(await worker.drain()).toBe(1);
    expect([...sink.accepted]).toEqual([good]);
    const rows = async () => rowsOf<{ id: string; failed: boolean; sent: boolean; attempts: number; last_error: string | null; waits: boolean }>(await db().execute(sql`
      select id, failed_at is not null as failed, sent_at is not null as sent, attempts, last_error,
        next_attempt_at between now() + interval '9 minutes' and now() + interval '11 minutes' as waits
      from mail_outbox where id <> ${good} order by kind`));
    expect(await rows()).toEqual([
      // Unknown here: not failed, not counted, due again in ten minutes for a worker that knows it.
      { id: unknown, failed: false, sent: false, attempts: 0, last_error: expect.stringContaining('order_shipped'), waits: true },
      { id: malformed, failed: true, sent: false, attempts: 1, last_error: expect.stringContaining('contactId'), waits: false },
    ]);
    // Due again: the unknown kind is looked at again (and left again), the refused payload never.
    await db().execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 day' where sent_at is null`);
    expect(await worker.drain()).toBe(0);
    expect(sink.accepted.length).toBe(1);
    expect((await rows()).map((row) => [row.failed, row.attempts, row.waits])).toEqual([[false, 0, true], [true, 1, false]]);
  });

  it(`claims for ${CLAIM_SECONDS} seconds: a row claimed by a worker that vanished is due again within that time`, async () => {
    const [id] = await queue(1);
    const hung = await startSink();
    hung.hangAfter(0);
    const vanished = await startWorker(hung, { ownHandle: true });
    void vanished.worker.drain();
    await until(() => hung.held() === 1, 'the claimed mail to reach the server');

    const [claimedFor] = await secondsUntilDue();
    expect(claimedFor).toBeGreaterThan(0);
    expect(claimedFor).toBeLessThanOrEqual(CLAIM_SECONDS);
    expect(CLAIM_SECONDS).toBeLessThanOrEqual(30);

    await vanished.handle?.close();
    await db().execute(sql`update mail_outbox set next_attempt_at = next_attempt_at - make_interval(secs => ${CLAIM_SECONDS})`);
    const sink = await startSink();
    const next = await startWorker(sink);
    expect(await next.worker.drain()).toBe(1);
    expect(sink.accepted).toEqual([id]);
  });

  it('renews the claim on rows it is still sending, so a slow batch is not taken over', async () => {
    await queue(1);
    const slow = await startSink();
    slow.hangAfter(0);
    const { worker } = await startWorker(slow, { claimSeconds: 1.5 });
    void worker.drain();
    await until(() => slow.held() === 1, 'the mail to reach the server');
    const dueAt = async () => Number(rowsOf<{ at: number }>(await db().execute(sql`select extract(epoch from next_attempt_at)::float8 as at from mail_outbox`))[0]!.at);
    const claimedUntil = await dueAt();
    // Without a renewal the claim would run out 1.5 s after it was made; the heartbeat keeps
    // pushing it ahead, past its first end, while the mail is still being sent.
    await until(async () => (await dueAt()) > claimedUntil + 1, 'the claim to be renewed past its first end', 4000);
    expect((await secondsUntilDue())[0]).toBeGreaterThan(0);
  });

  it('gives the rest of its batch back when it stops, due at once for the other instances', async () => {
    await queue(30);
    const sink = await startSink();
    sink.hangAfter(5);
    const { worker } = await startWorker(sink);
    void worker.drain();
    await until(() => sink.held() > 0, 'the server to hold a message');
    const stopping = worker.stop();
    sink.release(); // the held ones fail (451) and wait for their retry
    await stopping;
    const [counts] = rowsOf<{ sent: number; due: number; kept: number }>(await db().execute(sql`
      select count(*) filter (where sent_at is not null)::int as sent,
        count(*) filter (where sent_at is null and attempts = 0 and next_attempt_at <= now())::int as due,
        count(*) filter (where sent_at is null and attempts = 0 and next_attempt_at > now())::int as kept
      from mail_outbox`));
    // Sent, or failed and waiting for a retry (those that were in flight), or due now: none is
    // left claimed by the stopped worker.
    expect(counts!.sent).toBeGreaterThanOrEqual(5);
    expect(counts!.kept).toBe(0);
    expect(counts!.due).toBeGreaterThanOrEqual(30 - counts!.sent - 5);
  });

  it('sends several mails at once over a few kept-open connections', async () => {
    const all = await queue(40);
    const sink = await startSink();
    const { worker } = await startWorker(sink);
    expect(await worker.drain()).toBe(40);
    expect([...sink.accepted].sort()).toEqual(all);
    expect(sink.connections()).toBeLessThanOrEqual(5);
    expect(sink.mostAtOnce()).toBeGreaterThan(1);
  });

  it('wakes when a lapsed claim falls due, without waiting for its poll', async () => {
    const [id] = await queue(1);
    await db().execute(sql`update mail_outbox set next_attempt_at = now() + interval '1.2 seconds'`);
    const sink = await startSink();
    const { worker } = await startWorker(sink);
    expect(await worker.drain()).toBe(0);
    await sink.waitFor(1, 4000);
    expect(sink.accepted).toEqual([id]);
  });
});
