/**
 * An anonymous visitor's page views run no database query (issue "Fast pages and a lean
 * server"): the home page, the template shop and a template page are the same for every visitor
 * of a store and language, so nothing in them may wait on the database. Only the queries sent
 * while serving the view are counted, not the background jobs': the request's first hook marks
 * its async context (AsyncLocalStorage) with the list the view's queries go to.
 * Runs against the production build, like pages.test.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from './harness.ts';

if (!fs.existsSync('build/server/index.js')) {
  throw new Error('tests/integration/page-queries.test.ts needs the production build: run `npm run build` first');
}

const serving = new AsyncLocalStorage<string[]>();
const views = new Map<string, string[]>();

describe.each(BACKENDS)('anonymous page views on %s', (backend) => {
  const server = useTestServer(backend, {}, {}, {
    onQuery: (sql) => serving.getStore()?.push(sql),
    beforeReady: (app) => app.addHook('onRequest', async (request) => {
      const queries = views.get(String(request.headers['x-test-view']));
      if (queries) serving.enterWith(queries);
    }),
  });

  async function queriesOf(url: string, headers: Record<string, string> = {}) {
    const id = `${views.size}`;
    const queries: string[] = [];
    views.set(id, queries);
    const response = await server().app.inject({ method: 'GET', url, headers: { ...headers, 'x-test-view': id } });
    return { status: response.statusCode, queries };
  }

  it.each(['/kr', '/kr/templateshop', '/kr/template/1', '/us', '/vn/templateshop', '/cn/template/3'])('%s runs none, first view and again', async (url) => {
    for (let view = 0; view < 2; view++) {
      const { status, queries } = await queriesOf(url, { 'accept-language': 'ko' });
      expect(status).toBe(200);
      expect(queries).toEqual([]);
    }
  });

  it('counts the queries a view does run (the check can fail)', async () => {
    // My Page for a signed-in visitor reads the session and the orders: the counter sees them.
    const register = await server().app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `queries.${Date.now()}@example.com`, username: `queries${Date.now()}`, password: 'lumi-queries-2468', firstName: '하늘', lastName: '이' } });
    expect(register.statusCode).toBe(201);
    const cookie = register.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { status, queries } = await queriesOf('/kr/profile', { cookie });
    expect(status).toBe(200);
    expect(queries.length).toBeGreaterThan(0);
  });
});
