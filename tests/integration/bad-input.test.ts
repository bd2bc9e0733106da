/**
 * Every endpoint that takes a body answers odd input with a 4xx in the error shape, never a 500,
 * and changes nothing in any table. The endpoints come from the server's own route table, and
 * the calls are made signed in, so a route cannot hide behind a 401 before it parses its input.
 */
import { getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';

/** Routes that read no body at all: odd input is simply not looked at. */
const BODILESS = new Set(['POST /api/auth/logout', 'DELETE /api/cart', 'DELETE /api/cart/:id']);

const BODIES: unknown[] = [
  {},
  [],
  'text',
  42,
  null,
  { email: 123, password: ['a'], name: { x: 1 }, token: null, currentPassword: 7, newPassword: {} },
  { email: 'a@b', password: 'x'.repeat(10_000), username: '\u0000', firstName: '😀'.repeat(500), message: null, newPassword: 'x'.repeat(10_000) },
  { email: `${'a'.repeat(300)}@example.com`, service: ['basic'], quantity: -1, templateId: '1; drop table users' },
  { __proto__: { admin: true }, constructor: { prototype: {} }, role: 'admin' },
];

const TABLES = (Object.values(schema) as unknown[]).filter((value) => isTable(value)) as PgTable[];

describe.each(BACKENDS)('odd input on %s', (backend) => {
  const server = useTestServer(backend);
  const api = client(server);

  /** Every row of every table, as text: any insert, update or delete shows. */
  async function snapshot(): Promise<string> {
    const { db } = server().database;
    const parts: string[] = [];
    for (const table of TABLES) parts.push(`${getTableName(table)}:${JSON.stringify(await db.select().from(table))}`);
    return parts.join('\n');
  }

  it('finds the endpoints that take a body', () => {
    const routes = bodyRoutes();
    expect(routes).toContain('POST /api/contact');
    expect(routes).toContain('PUT /api/auth/profile');
    expect(routes.length).toBeGreaterThanOrEqual(8);
  });

  function bodyRoutes(): string[] {
    return server().app.routeTable
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/') && !r.url.includes('*'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !BODILESS.has(r));
  }

  it('answers 4xx to every odd body on every endpoint, signed in, and stores nothing', async () => {
    const signedIn = await api.call('POST', '/api/auth/register', newAccount());
    const auth = { cookie: sessionCookie(signedIn) };
    for (const route of bodyRoutes()) {
      const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
      const before = await snapshot();
      for (const body of BODIES) {
        const response = await server().app.inject({
          method, url, headers: { 'accept-language': 'ko', 'content-type': 'application/json', ...auth },
          payload: JSON.stringify(body), remoteAddress: `10.77.${BODIES.indexOf(body)}.${bodyRoutes().indexOf(route)}`,
        });
        const label = `${route} ${JSON.stringify(body)?.slice(0, 60)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.json(), label).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      }
      expect(await snapshot(), route).toBe(before);
    }
  });
});
