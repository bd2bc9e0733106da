/**
 * Mail for a conversation only when its reader is not there (D34, issue 35): a text from one side
 * owes the other a mail from the moment it is written (order_conversations' `*_unmailed_since`);
 * reading it in time settles that (reads.ts). A pass every minute queues, for each conversation whose
 * oldest owed text is older than the delay, one mail gathering every text of that side since the
 * last mail, through the outbox like every mail; the conversation's row is claimed with the
 * statement (skip locked), so two instances never queue the same mail.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.ts';
import { mailOutbox, orderConversations, orderMessages } from '../../db/schema.ts';

const SIDES = [
  { owed: sql.raw('customer_unmailed_since'), mailed: sql.raw('customer_mailed_seq'), from: sql`m.kind = 'text' and m.author_side = 'staff' and m.visibility = 'public'`, kind: 'order_messages' },
  { owed: sql.raw('staff_unmailed_since'), mailed: sql.raw('staff_mailed_seq'), from: sql`m.kind = 'text' and m.author_side = 'customer'`, kind: 'staff_messages' },
] as const;

/** Queues the mails owed longer than `delayMs`; answers how many. */
export async function queueUnreadMessageMails(db: Database, delayMs: number): Promise<number> {
  let queued = 0;
  for (const side of SIDES) {
    const result = await db.execute(sql`
      with due as (
        select c.order_id, c.${side.mailed} as after from ${orderConversations} as c
        where c.${side.owed} is not null and c.${side.owed} <= now() - make_interval(secs => ${delayMs / 1000})
        order by c.${side.owed} limit 200
        for update skip locked
      ), through as (
        select due.order_id, due.after, (select max(m.seq) from ${orderMessages} as m where m.order_id = due.order_id and ${side.from}) as through from due
      ), marked as (
        update ${orderConversations} as c set ${side.owed} = null, ${side.mailed} = greatest(c.${side.mailed}, coalesce(t.through, 0)), updated_at = now()
        from through as t where c.order_id = t.order_id
        returning c.order_id, t.after, t.through
      ), mail as (
        insert into ${mailOutbox} (kind, order_id, payload)
        select ${side.kind}, order_id, jsonb_build_object('after', after::text, 'through', through::text) from marked where through > after
        returning 1
      )
      select count(*)::int as queued from mail`);
    queued += rowsOf<{ queued: number }>(result)[0]?.queued ?? 0;
  }
  return queued;
}
