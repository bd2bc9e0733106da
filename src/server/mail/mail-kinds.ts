/**
 * The kinds of mail the outbox carries. A feature declares its own (features/<feature>/
 * <feature>-mail-kinds.ts: the payload it queues, as a schema, and how the message is built) and
 * the store registers them all (server/store-mails.ts). The worker sends a row only through its
 * kind's entry, never as something else: a payload its kind refuses can never be sent right and is
 * given up for good (UnsendableMail); a kind it does not know is left for a release that knows it
 * (UnknownMailKind).
 */
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { MailMessage } from './mailer.ts';

/** A claimed mail_outbox row, as the worker reads it. */
export interface OutboxRow {
  id: string;
  kind: string;
  order_id: string | null;
  payload: unknown;
  attempts: number;
}

/** What every message of one claimed batch may use. */
export interface MailBatch {
  db: Database;
  /** The store's public address (PUBLIC_URL), for links. */
  origin: string;
  /** Every row of the batch, so a kind can read what they all need in one go. */
  rows: readonly OutboxRow[];
  /** Staff's addresses (STAFF_EMAIL, else the administrators), read at most once a batch. */
  staffTo(): Promise<string>;
  /** One value per batch under `key`, made on first use (e.g. the batch's orders, read at once). */
  shared<T>(key: object, make: () => T): T;
}

export interface MailKind<Payload> {
  payload: z.ZodType<Payload>;
  build(row: { id: string; orderId: string | null; payload: Payload }, batch: MailBatch): Promise<MailMessage> | MailMessage;
}

/** Declares a kind; the payload's type flows from its schema into its builder. */
export const mailKind = <Payload>(kind: MailKind<Payload>): MailKind<Payload> => kind;

/** Kinds by name; each entry has its own payload type, hence `any` here. */
export type MailKinds = Readonly<Record<string, MailKind<any>>>;

/** A row no retry can send right: its payload is not its kind's. */
export class UnsendableMail extends Error {
  override name = 'UnsendableMail';
}

/**
 * A row of a kind this release does not know: queued by a newer release during a rolling update
 * (its check constraint already lists the kind). It is left for a worker that knows it, never
 * sent as something else and never given up.
 */
export class UnknownMailKind extends Error {
  override name = 'UnknownMailKind';
}
