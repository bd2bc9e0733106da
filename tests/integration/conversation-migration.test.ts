/**
 * Migrations 0024 and 0025 (issue 35) turn what was said and what happened on an existing order into its
 * conversation: quote questions and declines, revision notes, every staff comment mailed and the
 * field's own, the status history's changes (never staff's notes on them) and refunds, in one stream
 * numbered in time order. A database at 0023 with such orders is migrated on both backends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client.ts';
import { BACKENDS } from './harness.ts';

/** The migrations folder up to and including `last`, as a database that has not seen the rest would have it. */
function migrationsUpTo(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const upto = journal.entries.findIndex((entry) => entry.tag.startsWith(last));
  journal.entries = journal.entries.slice(0, upto + 1);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const ORDER = '11111111-1111-4111-8111-111111111111';
const QUOTED = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';

/** Orders as 0023 stored them: one with a long story, one declined consultation. */
const SEED = `
insert into users (id, email, username, password_hash, role) values ('${USER}', 'kim@example.com', 'kim', 'x', 'customer');
insert into orders (id, order_number, user_id, customer_name, customer_email, order_type, order_name, country, currency, language, amount_krw, amount_minor, status, admin_comments, updated_at)
  values ('${ORDER}', 'SL-20260101-AAAA', '${USER}', 'Kim', 'kim@example.com', 'service', 'Product shots', 'kr', 'KRW', 'ko', 99000, 99000, 'in_progress', 'Second comment, never mailed', '2026-01-05T00:00:00Z'),
         ('${QUOTED}', 'SL-20260101-BBBB', null, 'Lee', 'lee@example.com', 'consultation', 'Consultation', 'kr', 'KRW', 'ko', 0, 0, 'cancelled', null, '2026-01-03T00:00:00Z');
insert into order_status_history (order_id, from_status, to_status, actor, note, created_at) values
  ('${ORDER}', null, 'pending', 'customer', null, '2026-01-01T00:00:00Z'),
  ('${ORDER}', 'pending', 'order_received', 'provider', 'paid through toss', '2026-01-01T00:01:00Z'),
  ('${ORDER}', 'order_received', 'draft_delivered', 'staff', 'INTERNAL: client is difficult', '2026-01-02T00:00:00Z'),
  ('${ORDER}', 'draft_delivered', 'in_progress', 'customer', 'revision 1 requested by the customer', '2026-01-04T00:00:00Z'),
  ('${QUOTED}', null, 'quote_review', 'customer', null, '2026-01-01T00:00:00Z'),
  ('${QUOTED}', 'quote_review', 'quoted', 'staff', 'quote v1 sent', '2026-01-02T00:00:00Z'),
  ('${QUOTED}', 'quoted', 'cancelled', 'linkHolder', 'quote declined by the customer: too dear', '2026-01-03T00:00:01Z');
insert into order_messages (order_id, kind, body, author_user_id, created_at) values
  ('${QUOTED}', 'question', 'Is it final?', null, '2026-01-02T12:00:00Z'),
  ('${QUOTED}', 'decline', 'Too dear', null, '2026-01-03T00:00:01Z');
insert into revision_requests (order_id, round, note, requested_by_user_id, created_at) values ('${ORDER}', 1, 'Brighter, please', '${USER}', '2026-01-04T00:00:00Z');
insert into mail_outbox (kind, order_id, payload, created_at) values ('order_comment', '${ORDER}', '{"comment":"First comment"}', '2026-01-02T06:00:00Z');
`;

interface Message { seq: string | number; order_id: string; kind: string; visibility: string; author_side: string; author_actor: string | null; author_user_id: string | null; body: string | null; event: string | null; data: Record<string, string> | null; context: string | null }

describe.each(BACKENDS)('migration 0024 on %s', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

  /** Runs SQL on a database migrated to 0023 and seeded, then migrated to the end. */
  async function migrated(): Promise<{ query: <T>(text: string) => Promise<T[]> }> {
    const before = migrationsUpTo('0023');
    cleanups.push(async () => fs.rmSync(before, { recursive: true, force: true }));
    if (backend === 'pglite') {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
      cleanups.push(() => client.close());
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(SEED);
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      return { query: async <T>(text: string) => (await client.query<T>(text)).rows };
    }
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `store_migration_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    cleanups.push(async () => { await client.end(); await admin.unsafe(`drop database if exists "${name}" with (force)`); await admin.end(); });
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.unsafe(SEED);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return { query: async <T>(text: string) => (await client.unsafe(text)) as unknown as T[] };
  }

  // One database for both tests: the second adds to what the first read.
  let db: Awaited<ReturnType<typeof migrated>>;
  beforeAll(async () => { db = await migrated(); });

  it("tells each order's story in time order, with every word said and none of staff's notes", async () => {
    const rows = await db.query<Message>('select * from order_messages order by seq');
    expect(rows.map((m) => Number(m.seq))).toEqual(rows.map((_, i) => i + 1));
    const story = (orderId: string) => rows.filter((m) => m.order_id === orderId)
      .map((m) => (m.kind === 'text' ? [m.author_side, m.context, m.body] : [m.event, m.data?.from, m.data?.to]));
    expect(story(ORDER)).toEqual([
      ['paid', 'pending', 'order_received'],
      ['draft_delivered', 'order_received', 'draft_delivered'],
      ['staff', 'staff_comment', 'First comment'],
      ['revision_requested', 'draft_delivered', 'in_progress'],
      ['customer', 'revision_request', 'Brighter, please'],
      ['staff', 'staff_comment', 'Second comment, never mailed'],
    ]);
    expect(story(QUOTED)).toEqual([
      ['quote_sent', 'quote_review', 'quoted'],
      ['customer', 'quote_question', 'Is it final?'],
      ['quote_declined', 'quoted', 'cancelled'],
      ['customer', 'quote_decline', 'Too dear'],
    ]);
    // Staff's notes on status changes were never the customer's to read.
    expect(JSON.stringify(rows)).not.toContain('INTERNAL');
    expect(JSON.stringify(rows)).not.toContain('paid through toss');
    expect(rows.every((m) => m.visibility === 'public')).toBe(true);
    const [revision] = await db.query<{ message_id: string }>('select message_id from revision_requests');
    expect(rows.find((m) => m.context === 'revision_request')).toMatchObject({ author_user_id: USER });
    expect((await db.query<{ id: string }>(`select id from order_messages where id = '${revision!.message_id}'`)).length).toBe(1);
    // Everything said before counts as read and owes nobody a mail (0025).
    const states = await db.query<{ order_id: string; baseline_seq: string; awaiting_reply_since: Date | null; staff_unmailed_since: Date | null }>('select * from order_conversations order by order_id');
    const last = (orderId: string) => Math.max(...rows.filter((m) => m.order_id === orderId).map((m) => Number(m.seq)));
    expect(states.map((c) => [c.order_id, Number(c.baseline_seq), c.awaiting_reply_since, c.staff_unmailed_since])).toEqual([[ORDER, last(ORDER), null, null], [QUOTED, last(QUOTED), null, null]]);
  });

  it('numbers new messages after the migrated ones, and keeps the rules on them', async () => {
    const [next] = await db.query<{ seq: string }>(`insert into order_messages (order_id, kind, author_side, body) values ('${ORDER}', 'text', 'staff', 'New') returning seq`);
    expect(Number(next!.seq)).toBe(11);
    // A customer's text cannot be private, and an entry cannot carry words.
    await expect(db.query(`insert into order_messages (order_id, kind, visibility, author_side, body) values ('${ORDER}', 'text', 'private', 'customer', 'x')`)).rejects.toThrow(/order_messages_private_check/);
    await expect(db.query(`insert into order_messages (order_id, kind, author_side, body, event) values ('${ORDER}', 'system', 'system', 'x', 'paid')`)).rejects.toThrow(/order_messages_shape_check/);
  });
});
