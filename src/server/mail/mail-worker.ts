/**
 * Sends what the outbox holds (db/schema.ts `mail_outbox`). A worker claims due rows in batches
 * (`for update skip locked`; the claim pushes their next attempt CLAIM_SECONDS ahead, so no other
 * worker takes them meanwhile) and sends a few at once over the pooled SMTP connections.
 *
 * Exactly once as far as SMTP allows: each message is marked sent by its own UPDATE as soon as
 * the server accepted it, so a crash can only resend the few that were in flight (same
 * Message-ID). Claims are short and renewed while their batch is being worked: a process that
 * dies leaves its unsent rows due again within CLAIM_SECONDS, and the others pick them up then.
 *
 * It wakes on a timer, when the next retry or lapsed claim falls due, and when nudged. A nudge
 * is also a PostgreSQL NOTIFY, so mail queued by one instance wakes the workers of all of them.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type DatabaseNotifications } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { UnknownMailKind, UnsendableMail, type MailKinds, type OutboxRow } from './mail-kinds.ts';
import { SMTP_CONNECTIONS, type Mailer } from './mailer.ts';
import { batchBuilder } from './outbox-messages.ts';

const BATCH = 50;
/** Nudges within this long make one pass, so a busy shop sends its mail in batches. */
const NUDGE_DELAY_MS = 250;
/** How long a claim holds without being renewed: a dead process's mail waits about this long. */
export const CLAIM_SECONDS = 30;
/** 1 min, 5 min, 30 min, 2 h, then every 6 h. */
const BACKOFF_SECONDS = [60, 300, 1800, 7200, 21_600];
/** The NOTIFY channel: "mail was queued". */
const MAIL_CHANNEL = 'mail_outbox';

export interface MailWorker {
  /** Something was queued: send it soon, here and (over NOTIFY) in every other instance. */
  nudge(): void;
  /** One pass over what is due; resolves when it has been sent or rescheduled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

interface MailWorkerOptions {
  db: Database;
  mailer: Mailer;
  origin: string;
  /** Every kind of mail the store sends, as the features declare them (server/store-mails.ts). */
  kinds: MailKinds;
  log: FastifyBaseLogger;
  staffRecipients: () => Promise<string[]>;
  /** LISTEN/NOTIFY of a shared PostgreSQL database (db/client.ts), if there is one. */
  notifications?: DatabaseNotifications | undefined;
  /** False: this instance queues mail and wakes the others, but sends none (MAIL_WORKER=off). */
  sending?: boolean;
  /** The safety-net poll (default 30 s). */
  intervalMs?: number;
  claimSeconds?: number;
  /** Messages in flight at once (default: one per pooled SMTP connection). */
  concurrency?: number;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, log, notifications } = options;
  const sending = options.sending ?? true;
  const claimSeconds = options.claimSeconds ?? CLAIM_SECONDS;
  const claimMs = claimSeconds * 1000;
  const concurrency = options.concurrency ?? SMTP_CONNECTIONS;
  const intervalMs = options.intervalMs ?? 30_000;
  let stopped = false;

  async function claim(): Promise<OutboxRow[]> {
    return rowsOf<OutboxRow>(await db.execute(sql`
      update ${mailOutbox} set next_attempt_at = now() + make_interval(secs => ${claimSeconds})
      where id in (
        select id from ${mailOutbox} where sent_at is null and failed_at is null and next_attempt_at <= now()
        order by next_attempt_at limit ${BATCH} for update skip locked
      )
      returning id, kind, order_id, payload, attempts`));
  }

  /** Pushes the claim on rows still unsent forward; answers which of them it still holds. */
  async function renew(ids: string[]): Promise<Set<string>> {
    const rows = await db.update(mailOutbox).set({ nextAttemptAt: sql`now() + make_interval(secs => ${claimSeconds})` })
      // Not a row given up meanwhile: its century-long wait must stay (an older release would send it).
      .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt))).returning({ id: mailOutbox.id });
    return new Set(rows.map((row) => row.id));
  }

  async function markSent(id: string): Promise<void> {
    await db.update(mailOutbox).set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
      .where(eq(mailOutbox.id, id));
  }

  /** A mail no retry can send right (mail-kinds.ts): logged as an error and never tried again. */
  async function giveUp(row: OutboxRow, error: UnsendableMail): Promise<void> {
    log.error({ err: error, mailId: row.id, kind: row.kind }, 'mail given up: it cannot be sent as queued');
    await db.update(mailOutbox)
      // Due again only in a century too: a process of an older release, which does not read
      // failed_at, does not take it up during a rolling update.
      .set({ attempts: row.attempts + 1, failedAt: sql`now()`, lastError: error.message.slice(0, 500), nextAttemptAt: sql`now() + interval '100 years'` })
      .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
  }

  /** Left for a worker of the release that queued it: due again in ten minutes, attempts not counted. */
  async function leaveForNewerRelease(row: OutboxRow, error: UnknownMailKind): Promise<void> {
    log.warn({ mailId: row.id, kind: row.kind }, `${error.message}: left for a worker that knows it`);
    await db.update(mailOutbox)
      .set({ lastError: error.message.slice(0, 500), nextAttemptAt: sql`now() + interval '10 minutes'` })
      .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
  }

  async function retryLater(row: OutboxRow, error: unknown): Promise<void> {
    const wait = BACKOFF_SECONDS[Math.min(row.attempts, BACKOFF_SECONDS.length - 1)]!;
    log.warn({ err: error, mailId: row.id, attempts: row.attempts + 1 }, 'mail not sent; will retry');
    await db.update(mailOutbox)
      .set({ attempts: row.attempts + 1, lastError: String((error as Error).message ?? error).slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
      .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
  }

  /** Sends one claimed batch, `concurrency` messages at a time, renewing the claim meanwhile. */
  async function work(due: OutboxRow[]): Promise<number> {
    const claimed = new Set(due.map((row) => row.id));
    let renewedAt = Date.now();
    const heartbeat = setInterval(() => {
      if (claimed.size === 0) return;
      renew([...claimed]).then((held) => {
        renewedAt = Date.now();
        // Any no longer held was sent by someone else meanwhile.
        for (const id of claimed) if (!held.has(id)) claimed.delete(id);
      }, (error: unknown) => log.warn({ err: error }, 'mail claim not renewed'));
    }, claimMs / 3);
    heartbeat.unref();

    let sent = 0;
    const queue = [...due];
    const lane = async () => {
      for (let row = queue.shift(); row && !stopped; row = queue.shift()) {
        if (!claimed.has(row.id)) continue;
        // Renewals failing, or this process stalled: the claim may have lapsed and another
        // worker may hold these rows now. Leave the rest of the batch to it.
        if (Date.now() - renewedAt > (claimMs * 2) / 3) {
          log.warn({ left: queue.length + 1 }, 'mail claim may have lapsed; leaving the rest of the batch');
          queue.length = 0;
          return;
        }
        try {
          await mailer.send(await message(row));
        } catch (error) {
          claimed.delete(row.id);
          const settled = error instanceof UnsendableMail ? giveUp(row, error)
            : error instanceof UnknownMailKind ? leaveForNewerRelease(row, error)
              : retryLater(row, error);
          await settled.catch((failed: unknown) => log.error({ err: failed, mailId: row.id }, 'mail retry not scheduled'));
          continue;
        }
        claimed.delete(row.id);
        try {
          await markSent(row.id);
          sent++;
        } catch (error) {
          log.error({ err: error, mailId: row.id }, 'mail sent but not marked sent; it will be sent again');
        }
      }
    };
    const message = batchBuilder(options, due);
    try {
      await Promise.all(Array.from({ length: concurrency }, lane));
    } finally {
      clearInterval(heartbeat);
    }
    // Stopping: what this process did not start is due again now, for the other instances. (Not
    // when the claim may have lapsed: another worker may hold those rows by now.)
    if (stopped && claimed.size) {
      await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(and(inArray(mailOutbox.id, [...claimed]), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
      announce();
    }
    return sent;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const due = await claim();
      if (due.length === 0) break;
      sent += await work(due);
      if (due.length < BATCH) break;
    }
    return sent;
  }

  /** Wakes when the earliest unsent row falls due (a retry, or a dead process's lapsed claim). */
  let dueTimer: ReturnType<typeof setTimeout> | null = null;
  async function watchNextDue(): Promise<void> {
    const [next] = rowsOf<{ ms: number | null }>(await db.execute(sql`
      select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms from ${mailOutbox} where sent_at is null and failed_at is null`));
    if (next?.ms == null || stopped) return;
    if (dueTimer) clearTimeout(dueTimer);
    // Not sooner than a second: a row due now that no claim found is locked by a live claim.
    dueTimer = setTimeout(() => void drain(), Math.min(Math.max(Number(next.ms) + 50, 1000), intervalMs));
    dueTimer.unref();
  }

  let running: Promise<number> | null = null;
  let again = false;
  function drain(): Promise<number> {
    if (!sending) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .then(async (sent) => {
        if (!stopped && !again) await watchNextDue().catch((error: unknown) => log.warn({ err: error }, 'next mail due time not read'));
        return sent;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail worker pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  }

  let scheduled: ReturnType<typeof setTimeout> | null = null;
  function wake(): void {
    if (stopped || !sending || scheduled) return;
    scheduled = setTimeout(() => {
      scheduled = null;
      void drain();
    }, NUDGE_DELAY_MS);
  }

  // NOTIFY at once, then at most once per NUDGE_DELAY_MS (nudges meanwhile make one more): 150
  // paid orders a second make a few notifications a second, not 150.
  let lastAnnounced = 0;
  let announceTimer: ReturnType<typeof setTimeout> | null = null;
  let notifying: Promise<void> | null = null;
  function notifyNow(): void {
    announceTimer = null;
    lastAnnounced = Date.now();
    notifying = notifications!.notify(MAIL_CHANNEL)
      .catch((error: unknown) => log.warn({ err: error }, 'mail notification not sent'))
      .finally(() => {
        notifying = null;
      });
  }
  function announce(): void {
    if (!notifications || announceTimer) return;
    const wait = lastAnnounced + NUDGE_DELAY_MS - Date.now();
    if (wait <= 0) notifyNow();
    else announceTimer = setTimeout(notifyNow, wait);
  }

  const timer = sending ? setInterval(() => void drain(), intervalMs) : null;
  timer?.unref();
  // Every instance hears every other's nudge; after the listening connection comes back, it
  // catches up with one pass (what was announced meanwhile is not repeated).
  const unlisten = sending && notifications
    ? notifications.listen(MAIL_CHANNEL, wake, wake).catch((error: unknown) => {
      log.warn({ err: error }, 'not listening for queued mail; polling only');
      return undefined;
    })
    : undefined;

  return {
    nudge: () => {
      if (stopped) return;
      wake();
      announce();
    },
    drain,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      if (scheduled) clearTimeout(scheduled);
      if (dueTimer) clearTimeout(dueTimer);
      await running;
      // What this instance queued or gave back is announced before it goes.
      if (announceTimer) {
        clearTimeout(announceTimer);
        notifyNow();
      }
      await notifying;
      await (await unlisten)?.().catch(() => {});
    },
  };
}
