/**
 * The one way an order's status changes (D30): the change is looked up in the lifecycle table
 * (domain/lifecycle.ts) for its actor, and the status, the history row (actor, time, old and new
 * status, a note), the conversation's entry (D34) and the table's mails are written in one
 * statement, conditioned on the order being in a status the change may start from. Columns that change with the status (a payment's
 * facts, a quote's amount) are written in the same update. Run inside a transaction, it takes part
 * in it; alone, the statement is atomic on its own.
 */
import { getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIFECYCLE, startingStatuses, type Actor, type LifecycleEvent } from '../../../domain/lifecycle.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { mailOutbox, orderMessages, orderStatusHistory, orders } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import type { OrderRow } from './orders.service.ts';

interface StatusChange {
  orderId: string;
  event: LifecycleEvent;
  actor: Actor;
  /** The user behind the change (staff, a signed-in customer); null for a guest, a provider, the system. */
  actorUserId?: string | null | undefined;
  /** Staff's free choice of status (setByStaff); the table decides it for every other event. */
  to?: OrderStatus | undefined;
  note: string;
  /** Columns written with the status; a value or an SQL expression over the order row `o`. */
  set?: Partial<Record<keyof OrderRow, unknown>> | undefined;
  /** A further condition on the order row `o` (the amount the payment was for, the quote still valid). */
  when?: SQL | undefined;
  /** What the mails report besides the old and new status (a refund, a decline's reason). */
  mailPayload?: Record<string, string> | undefined;
  /**
   * Facts the conversation's entry shows besides the old and new status (a quote's version, how
   * many files): the customer reads them, so never staff's words (`note` stays in the history).
   */
  entryData?: Record<string, string | number> | undefined;
}

export type ChangeOutcome =
  | { changed: true; from: OrderStatus; to: OrderStatus }
  /** The order was not in a status the change may start from (or failed `when`): nothing written. */
  | { changed: false; from: OrderStatus; to: OrderStatus };

const COLUMNS = getTableColumns(orders);

function setClause(set: StatusChange['set']): SQL {
  const parts = Object.entries(set ?? {}).map(([key, value]) => {
    const column = COLUMNS[key as keyof typeof COLUMNS];
    if (!column) throw new Error(`orders has no column ${key}`);
    const written = value instanceof Date ? value.toISOString() : value;
    return sql`, ${sql.identifier(column.name)} = ${written}`;
  });
  return sql.join(parts, sql``);
}

/**
 * More of the same statement, for a caller whose change is one step of a larger write (settling a
 * payment: the attempt before, the cart after), so the whole stays one round trip.
 */
interface StatementParts {
  /** CTEs before the change, e.g. `attempt as (insert … returning id)`; `set` and `when` may use them. */
  before?: SQL | undefined;
  /** CTEs with the change that may use `changed` (id, from_status, user_id, guest_id). */
  after?: SQL | undefined;
  /** More columns of the answer (`row`), e.g. `(select id from attempt) as attempt_id`. */
  answer?: SQL | undefined;
}

/** Applies a change if the table allows it from the order's status now; says what happened. */
export async function transition(db: Database, change: StatusChange): Promise<ChangeOutcome> {
  const { row: _row, ...outcome } = await transitionWith(db, change, {});
  return outcome;
}

/** A change whose values may be placeholders, for a statement built once (preparedTransition). */
type ChangeTemplate = Omit<StatusChange, 'orderId' | 'note' | 'actorUserId'> & {
  orderId: string | Placeholder;
  note: string | Placeholder;
  actorUserId?: string | null | Placeholder | undefined;
};

type Answer = { status: OrderStatus; changed: number } & Record<string, unknown>;

/** The one statement of a change: the status, its history row and its mails (and the caller's parts). */
function changeStatement(change: ChangeTemplate, parts: StatementParts): { query: SQL; to: OrderStatus } {
  const step = LIFECYCLE[change.event];
  const to = step.to === 'any' ? change.to : step.to;
  if (!to) throw new Error(`${change.event} needs the status to set`);
  const from = startingStatuses(change.event, change.actor, to);
  if (from.length === 0) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', { detail: `${change.actor} may not ${change.event} order ${String(change.orderId)} to ${to}` });
  }
  const mails = JSON.stringify(step.mails);
  const payload = JSON.stringify(change.mailPayload ?? {});
  // The order's conversation tells the change too (D34), with the same actor and time as its history row.
  const entry = step.entry === null ? sql`` : sql`, entry as (
      insert into ${orderMessages} (order_id, kind, author_side, author_actor, author_user_id, event, data, created_at)
      select id, 'system', 'system', ${change.actor}, ${change.actorUserId ?? null}, ${step.entry},
        ${JSON.stringify(change.entryData ?? {})}::jsonb || jsonb_build_object('from', changed.from_status, 'to', ${to}::text), clock_timestamp() from changed
      returning 1
    )`;
  const query = sql`
    with ${parts.before ? sql`${parts.before}, ` : sql``}prev as (
      select id, status from ${orders} where id = ${change.orderId} for update
    ), changed as (
      update ${orders} as o set status = ${to}, updated_at = now()${setClause(change.set)}
      from prev where o.id = prev.id and prev.status in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})${change.when ? sql` and (${change.when})` : sql``}
      returning o.id, prev.status as from_status, o.user_id, o.guest_id
    ), history as (
      -- The time of the change, not of the transaction's start (now()): a transaction that waited on
      -- the order's lock must not list its change before the one it came after.
      insert into ${orderStatusHistory} (order_id, from_status, to_status, actor, actor_user_id, note, created_at)
      select id, from_status, ${to}, ${change.actor}, ${change.actorUserId ?? null}, ${change.note}, clock_timestamp() from changed
      returning 1
    ), mail as (
      insert into ${mailOutbox} (kind, order_id, payload)
      select k.kind, changed.id, ${payload}::jsonb || jsonb_build_object('from', changed.from_status, 'to', ${to}::text)
      from changed, jsonb_array_elements_text(${mails}::jsonb) as k(kind)
      returning 1
    )${entry}${parts.after ? sql`, ${parts.after}` : sql``}
    select prev.status as status, (select count(*) from changed)::int as changed${parts.answer ? sql`, ${parts.answer}` : sql``} from prev`;
  return { query, to };
}

function outcomeOf(row: Answer | undefined, to: OrderStatus): ChangeOutcome & { row: Record<string, unknown> } {
  if (!row) throw new DomainError('NOT_FOUND');
  return { changed: row.changed > 0, from: row.status, to, row };
}

/** `transition` as one step of a larger statement (StatementParts); `row` holds the answer's extra columns. */
async function transitionWith(db: Database, change: StatusChange, parts: StatementParts): Promise<ChangeOutcome & { row: Record<string, unknown> }> {
  const { query, to } = changeStatement(change, parts);
  const [row] = rowsOf<Answer>(await db.execute(query));
  return outcomeOf(row, to);
}

/**
 * `transitionWith` for a change a busy path makes over and over with other values (a payment
 * settled): the same statement, built once (db/statement.ts) with placeholders `p(name)` where
 * the values of each run go, checked against the lifecycle table once, and run with `values`.
 */
export function preparedTransition<Name extends string>(build: (p: (name: Name) => Placeholder<Name>) => { change: ChangeTemplate; parts?: StatementParts }) {
  let to: OrderStatus | undefined;
  const prepared = statement<Name>((p) => {
    const { change, parts } = build(p);
    const built = changeStatement(change, parts ?? {});
    to = built.to;
    return built.query;
  });
  const status = to!;
  return {
    run: async (db: Database, values: Readonly<Record<Name, unknown>>): Promise<ChangeOutcome & { row: Record<string, unknown> }> => {
      const [row] = await prepared.rows<Answer>(db, values);
      return outcomeOf(row, status);
    },
  };
}

/** A change the caller decided on: refused (409) when the order is no longer where it may start. */
export async function requireTransition(db: Database, change: StatusChange): Promise<ChangeOutcome & { changed: true }> {
  const outcome = await transition(db, change);
  if (!outcome.changed) {
    if (outcome.from === 'cancelled') throw new DomainError('ORDER_CANCELLED', { detail: `order ${change.orderId} is cancelled` });
    throw new DomainError('TRANSITION_NOT_ALLOWED', { detail: `${change.event} of order ${change.orderId} from ${outcome.from} by ${change.actor}` });
  }
  return outcome;
}

/** The first history row and mails of a new order, from the same table (placed, consultationOpened). */
export function openingOf(event: 'placed' | 'consultationOpened') {
  const step = LIFECYCLE[event];
  return { status: step.to, mails: step.mails as readonly string[] };
}
