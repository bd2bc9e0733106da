/**
 * Statements built once (issue 17, decision 0024). Drizzle turns a query's `sql` template into
 * text and parameters on every call, walking every chunk and quoting every name; for the order
 * path's large CTE statements that cost the server more CPU (and garbage) than sending them. A
 * statement here is turned into text once, with named placeholders (`p('name')`) where its values
 * go, and run with the values of each call on whatever database it is given: the app's, or a
 * transaction's (each Drizzle transaction has its own session), so a caller inside a transaction
 * stays inside it. It goes through the session like any Drizzle query: logged (onQuery) and, on
 * PostgreSQL, sent as a prepared statement (client.ts). Rows come back raw (snake_case, as the
 * statement names them), as from `db.execute`.
 */
import { getTableColumns, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from './client.ts';

/** The app's databases are opened without a casing option (client.ts), so this dialect writes the same text. */
const dialect = new PgDialect();

interface Statement<Name extends string> {
  /** The statement's text, with $1… where its parameters go. */
  readonly text: string;
  /** Runs the statement with these values (a Date is sent as its ISO text, as Drizzle sends timestamps). */
  rows<Row>(db: Database, values: Readonly<Record<Name, unknown>>): Promise<Row[]>;
}

/**
 * Builds `build`'s statement once. `p(name)` stands for a value given at each run; anything else
 * in the template (table names, constants) is fixed now. A name may be used more than once.
 */
export function statement<Name extends string>(build: (p: (name: Name) => Placeholder<Name>) => SQL): Statement<Name> {
  const query = dialect.sqlToQuery(build((name) => sql.placeholder(name)));
  // Where each parameter comes from, worked out once: a placeholder's name, or a fixed value.
  const slots: Array<{ name: Name } | { value: unknown }> = query.params.map((param) => (param instanceof Placeholder ? { name: param.name as Name } : { value: param }));
  return {
    text: query.sql,
    async rows<Row>(db: Database, values: Readonly<Record<Name, unknown>>): Promise<Row[]> {
      const params = slots.map((slot) => {
        if (!('name' in slot)) return slot.value;
        const value = values[slot.name];
        if (value === undefined) throw new Error(`statement: no value for ${slot.name}`);
        return value instanceof Date ? value.toISOString() : value;
      });
      const prepared = db._.session.prepareQuery({ sql: query.sql, params }, undefined, undefined, false);
      return rowsOf<Row>(await prepared.execute());
    },
  };
}

/**
 * A table's whole row as the query builder reads it (its columns by their SQL names, in the
 * statement), and the mapping of a raw row of them to the builder's row type: each column's own
 * decoding (a timestamp's text to a Date), worked out once instead of per row and column as the
 * builder does (decision 0024).
 */
export function wholeRow<Table extends PgTable>(table: Table): { columns: SQL; map: (raw: Record<string, unknown>) => Table['$inferSelect'] } {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return {
    columns: sql.join(columns.map(({ name }) => sql.identifier(name)), sql`, `),
    map: (raw) => {
      const row: Record<string, unknown> = {};
      for (const { key, name, column } of columns) {
        const value = raw[name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as Table['$inferSelect'];
    },
  };
}
