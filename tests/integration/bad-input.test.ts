/**
 * Every JSON endpoint answers odd input with a 4xx in the error shape, never a 500, and stores
 * nothing for it.
 */
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { client } from './support/clients.ts';

const ENDPOINTS: Array<['POST' | 'PUT', string]> = [
  ['POST', '/api/contact'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/check-email'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['PUT', '/api/auth/profile'],
];

const BODIES: unknown[] = [
  {},
  [],
  'text',
  42,
  { email: 123, password: ['a'], name: { x: 1 }, token: null },
  { email: 'a@b', password: 'x'.repeat(10_000), username: '\u0000', firstName: '😀'.repeat(500), message: null },
  { email: `${'a'.repeat(300)}@example.com`, service: ['basic'] },
  { __proto__: { admin: true }, constructor: { prototype: {} } },
];

describe('odd input', () => {
  const server = useTestServer('pglite');
  const api = client(server);

  it.each(ENDPOINTS)('%s %s answers 4xx to every odd body', async (method, url) => {
    const before = (await server().database.db.select().from(users)).length;
    for (const body of BODIES) {
      const response = await api.call(method, url, body);
      expect(response.statusCode, `${JSON.stringify(body)?.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    expect((await server().database.db.select().from(users)).length).toBe(before);
  });
});
