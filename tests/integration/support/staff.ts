/** A staff member, customers and paid orders for the staff-area tests, and a whole-database snapshot to prove a refusal stored nothing. */
import { count, eq, getTableName, isNull, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import * as schema from '../../../src/server/db/schema.ts';
import { mailOutbox, orders, papers, users } from '../../../src/server/db/schema.ts';
import type { StaffActor } from '../../../src/domain/audit.ts';
import type { TestServer } from '../harness.ts';
import { client, newAccount, sessionCookie } from './clients.ts';

/** A staff member as a route builds them, for tests that call a staff service directly. */
export function staffActorOf(userId: string, email: string): StaffActor {
  return { kind: 'staff', userId, email, ip: '10.90.0.1', userAgent: 'vitest', sessionId: null, requestId: null };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const TABLES = (Object.values(schema) as unknown[]).filter((value) => isTable(value)) as PgTable[];

/** Resolves once no paper waits for its number (they get it within about 100 ms of the payment). */
export async function papersNumbered(db: TestServer['database']['db']): Promise<void> {
  for (let waited = 0; waited <= 3000; waited += 10) {
    const [row] = await db.select({ waiting: count() }).from(papers).where(isNull(papers.number));
    if (row!.waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('papers still wait for their numbers after 3 s');
}

export function staffApi(server: () => TestServer) {
  const api = client(server);
  const db = () => server().database.db;
  return {
    api,
    db,
    async call(method: Method, url: string, body: unknown, headers: Record<string, string> = {}) {
      return server().app.inject({
        method, url, remoteAddress: '10.90.0.1',
        headers: { 'accept-language': 'en', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    },
    /** A raw request (e.g. multipart), from the same address and language as `call`. */
    inject(options: { method: Method; url: string; payload?: Buffer; headers: Record<string, string>; remoteAddress?: string }) {
      return server().app.inject({ ...options, remoteAddress: options.remoteAddress ?? '10.90.0.1', headers: { 'accept-language': 'en', ...options.headers } });
    },
    async customer() {
      const account = newAccount();
      return { account, cookie: sessionCookie(await api.call('POST', '/api/auth/register', account)) };
    },
    async admin() {
      const account = newAccount();
      await api.call('POST', '/api/auth/register', account);
      await db().update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
      return { account, cookie: sessionCookie(await api.call('POST', '/api/auth/login', { email: account.email, password: account.password })) };
    },
    /** A paid order (sandbox) of this customer, in the Korean store, in `lang`. */
    /** A Korean order paid in the sandbox: by test card, or by test transfer (a payment in cash). */
    async paidOrder(cookie: string, email: string, lang = 'ko', card: 'approved' | 'transfer' = 'approved') {
      const created = (await api.call('POST', '/api/orders', { customerName: '김민수', customerEmail: email, customerPhone: '010-1234-5678', serviceId: 1, quantity: 3, country: 'kr' }, { cookie, 'x-store-country': 'kr', 'accept-language': lang })).json();
      const { paymentKey } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card }, { cookie })).json();
      expect((await api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
      await papersNumbered(db());
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
      return row!;
    },
    /** Every row of every table; of the outbox, what was queued (the mail worker sends in the background). */
    async snapshot() {
      // Papers are numbered in the background just after a payment (or a refund): wait for that
      // first, so it is not taken for a change the call under test made.
      await papersNumbered(db());
      const parts: string[] = [];
      for (const table of TABLES) {
        const rows = await db().select().from(table);
        const kept = (table === mailOutbox ? rows.map((r) => ({ id: r.id, kind: r.kind, orderId: r.orderId, payload: r.payload })) : rows)
          // Rows in a fixed order: an update (the mail worker's) may move a row in the table.
          .map((r) => JSON.stringify(r)).sort();
        parts.push(`${getTableName(table)}:${JSON.stringify(kept)}`);
      }
      return parts;
    },
  };
}

