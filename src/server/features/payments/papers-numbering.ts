/**
 * Numbers papers (issue 34, decision 0040): every paper still without a number, per store and
 * year, by issue time within a batch, in one statement under one advisory lock (a paper committed
 * just after a batch read the waiting ones goes to the next batch, so numbers follow issue time
 * closely, not exactly). The payment's own statement issues the papers unnumbered: taking the
 * store's counter there, locked to its commit, cut the orders a second the store takes to 61% of
 * the reference. Payments ask for a numbering when they commit, and the asks of the next 100 ms
 * are numbered together (one numbering per payment, each waiting on the lock, cut it to 33%); the
 * numbering job catches what a process that died in between left. One statement: the counter and
 * the papers move together, and a statement that fails gives its numbers back, so the series has
 * no gaps; a number is given once (only to a paper without one).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.ts';
import { paperCounters, papers } from '../../db/schema.ts';

/** The advisory lock every numbering takes: batches are numbered one after the other, in order. */
const NUMBERING_LOCK = 0x5a17_0034;
/** A batch: more waiting papers are left to the next run. */
const BATCH = 500;

export async function numberPapers(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
    const sequence = sql`(bumped.last - counts.n + ranked.position)`;
    const [row] = rowsOf<{ numbered: number }>(await tx.execute(sql`
      with waiting as (
        select id, country, year, issued_at from ${papers} where sequence is null order by issued_at, id limit ${BATCH}
      ), ranked as (
        select id, country, year, row_number() over (partition by country, year order by issued_at, id) as position from waiting
      ), counts as (
        select country, year, count(*) as n from ranked group by country, year
      ), bumped as (
        insert into ${paperCounters} (country, year, last) select country, year, n from counts
        on conflict (country, year) do update set last = ${paperCounters.last} + excluded.last
        returning country, year, last
      ), numbered as (
        update ${papers} as p set sequence = ${sequence},
          number = 'SL-' || upper(ranked.country) || '-' || ranked.year || '-' || lpad(${sequence}::text, greatest(6, length(${sequence}::text)), '0')
        from ranked join counts using (country, year) join bumped using (country, year)
        where p.id = ranked.id and p.sequence is null
        returning 1
      )
      select count(*)::int as numbered from numbered`));
    return row?.numbered ?? 0;
  });
}

/** How long a numbering waits for more payments to number with it: one commit for a burst, not one each. */
const GATHER_MS = 100;

interface Numbering {
  timer: NodeJS.Timeout | null;
  running: boolean;
  wanted: boolean;
}
const numberings = new WeakMap<Database, Numbering>();

/**
 * Asks for the papers just issued to be numbered soon: within GATHER_MS, together with those of
 * every payment meanwhile (at 300 payments a second, a numbering every 100 ms of 30 papers rather
 * than 300 transactions each waiting on the lock). A failure is reported and left to the next
 * numbering or the numbering job; the payment it follows stands.
 */
export function numberSoon(db: Database, what: string): void {
  const onError = (error: unknown) => console.warn(`${what} left for the numbering job:`, error instanceof Error ? error.message : error);
  let state = numberings.get(db);
  if (!state) numberings.set(db, (state = { timer: null, running: false, wanted: false }));
  const numbering = state;
  numbering.wanted = true;
  if (numbering.timer || numbering.running) return;
  const run = () => {
    numbering.timer = null;
    numbering.wanted = false;
    numbering.running = true;
    numberPapers(db).catch(onError).finally(() => {
      numbering.running = false;
      if (numbering.wanted) numbering.timer = setTimeout(run, GATHER_MS).unref();
    });
  };
  numbering.timer = setTimeout(run, GATHER_MS).unref();
}
