/**
 * The API contract (issue 18, docs/decisions/0028): every route of the API has a contract and is
 * in the OpenAPI document, the document is valid OpenAPI 3.1, and the reference page is served
 * from this server's own files.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { isDocumented } from '../../src/server/http/contract.ts';
import { useTestServer } from './harness.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown; requestBody?: unknown }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Fastify's `/api/orders/:id` as OpenAPI writes it: `/api/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API contract', () => {
  const server = useTestServer('pglite');

  async function openApi(): Promise<OpenApiDocument> {
    const response = await server().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json();
  }

  /** The routes the document must cover: the API, uploaded files and SPEC's return pages (HEAD is Fastify's own). */
  const contracted = () => server().app.routeTable.filter((r) => r.method !== 'HEAD' && isDocumented(r.url));

  it('walks the route table: every API route has a contract with its answers', () => {
    const routes = contracted();
    expect(routes.length).toBeGreaterThan(40);
    const without = routes.filter((r) => r.answers.length === 0).map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
    // Every /api route other than the catch-all, the document and its page is contracted.
    const api = server().app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.includes('*') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    expect(api.filter((r) => !isDocumented(r.url))).toEqual([]);
  });

  it('puts every contracted route in the document, with its answers by status', async () => {
    const document = await openApi();
    const missing: string[] = [];
    for (const route of contracted()) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(Object.keys(operation.responses ?? {}).sort(), `${route.method} ${route.url}`).toEqual([...route.answers].sort());
    }
    expect(missing).toEqual([]);
    // Nothing else: no page, asset or catch-all leaks into the document.
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...new Set(contracted().map((r) => `${r.method} ${openApiPath(r.url)}`))].sort());
  });

  it('is a valid OpenAPI 3.1 document with the cookie and bearer schemes and the one error shape', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(document.components.schemas.ApiError).toBeDefined();
  });

  it('serves the reference page and its scripts from this server, under a policy of its own', async () => {
    const page = await server().app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    for (const src of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(src[1], 'no third-party address').not.toMatch(/^(https?:)?\/\//);
    }
    const script = await server().app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
