/**
 * The message a mail_outbox row stands for, built when it is sent (so it reports the order as it
 * is then, in the order's language) through its kind's entry in the store's registry
 * (mail-kinds.ts): the payload is checked against the kind's schema first.
 */
import type { Database } from '../db/client.ts';
import { UnknownMailKind, UnsendableMail, type MailBatch, type MailKinds, type OutboxRow } from './mail-kinds.ts';
import type { MailMessage } from './mailer.ts';

interface MessageContext {
  db: Database;
  origin: string;
  kinds: MailKinds;
  staffRecipients: () => Promise<string[]>;
}

/**
 * Builds the messages of one claimed batch; what the rows share (their orders, staff's
 * addresses) is read once for all of them (a busy hour queues a staff mail per paid order).
 */
export function batchBuilder(context: MessageContext, rows: readonly OutboxRow[]): (row: OutboxRow) => Promise<MailMessage> {
  const { db, origin, kinds } = context;
  const made = new Map<object, unknown>();
  let addresses: Promise<string> | undefined;
  const batch: MailBatch = {
    db,
    origin,
    rows,
    staffTo: () => (addresses ??= context.staffRecipients().then((to) => {
      if (to.length === 0) throw new Error('no staff address: set STAFF_EMAIL or create an administrator');
      return to.join(', ');
    })),
    shared: <T>(key: object, make: () => T): T => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as T;
    },
  };

  return async (row) => {
    const kind = Object.hasOwn(kinds, row.kind) ? kinds[row.kind] : undefined;
    if (!kind) throw new UnknownMailKind(`unknown mail kind ${JSON.stringify(row.kind)}`);
    const payload = kind.payload.safeParse(row.payload ?? {});
    if (!payload.success) {
      const fields = payload.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
      throw new UnsendableMail(`payload of ${row.kind} refused: ${fields}`);
    }
    const message = await kind.build({ id: row.id, orderId: row.order_id, payload: payload.data }, batch);
    // An order whose customer had their data erased has no address left: nobody to send it to, ever.
    if (!message.to) throw new UnsendableMail(`${row.kind} has no recipient: the customer's data was erased`);
    return { ...message, outboxId: row.id };
  };
}
