/**
 * "Hardening, round three", item 10: a page answers GET and HEAD (no route has an action, so no
 * POST); any other method is a 405 with an Allow header, never a 500 (`TRACE /kr` was one: the
 * page adapter cannot build a Fetch Request for TRACE or CONNECT). API routes answer their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from './harness.ts';

if (!fs.existsSync('build/server/index.js')) {
  throw new Error('tests/integration/page-methods.test.ts needs the production build: run `npm run build` first');
}

const ODD_METHODS = ['TRACE', 'CONNECT', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'LOCK', 'SEARCH', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PAGES = ['/kr', '/kr/templates', '/kr/templateshop', '/us/checkout1', '/kr/no-such-page', '/', '/templates'];

describe.each(BACKENDS)('methods pages do not take (%s)', (backend) => {
  const server = useTestServer(backend);

  it.each(ODD_METHODS.flatMap((method) => PAGES.map((url) => [method, url] as const)))('%s %s is 405 with Allow: GET, HEAD', async (method, url) => {
    const response = await server().app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en' }, ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' } } : {}) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    // In the page's language (the store of its prefix).
    expect(response.json()).toMatchObject({ success: false, status: 405, code: 'METHOD_NOT_ALLOWED', message: expect.stringMatching(/\S/) });
  });

  it('still serves pages to GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await server().app.inject({ method, url: '/kr' });
      expect(page.statusCode).toBe(200);
      if (method === 'GET') expect(page.body).toContain('<html lang="ko"');
      expect((await server().app.inject({ method, url: '/kr/templates' })).statusCode).toBe(404);
    }
  });

  it('leaves API routes their own answers', async () => {
    expect((await server().app.inject({ method: 'TRACE', url: '/api/orders/me' })).statusCode).toBe(404);
    expect((await server().app.inject({ method: 'PROPFIND', url: '/api/auth/me' })).statusCode).toBe(404);
    expect((await server().app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

it('pages take no POST because no route module has an action (add POST to PAGE_METHODS with the first one)', () => {
  const dir = path.resolve(import.meta.dirname, '../../src/web');
  const withAction = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /export\s+(?:async\s+)?(?:function\s+(?:client)?[aA]ction\b|const\s+(?:client)?[aA]ction\b)/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
  expect(withAction).toEqual([]);
});
