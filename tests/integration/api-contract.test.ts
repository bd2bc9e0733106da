/**
 * The API contract (issue 18, docs/decisions/0029): every route of the API has a contract and is
 * in the OpenAPI document, the document is valid OpenAPI 3.1, and the reference page is served
 * from this server's own files.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { newGuestId } from '../../src/domain/guest.ts';
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

  describe("SPEC's package order", () => {
    /** SPEC section 3's order payload for a package, as a client written from SPEC sends it. */
    const specOrder = (packageName: string | undefined) => ({
      customerName: '김민수', customerEmail: 'minsu@example.com', customerPhone: '010-1234-5678', requirements: '',
      packageName, packagePrice: '399000', totalAmount: '399000', currency: 'KRW', country: 'kr', paymentMethod: 'tosspayments',
      isGuestOrder: true, status: 'pending', orderType: 'package', finalPrice: 399000, amountKRW: 399000, sessionId: newGuestId(),
      selectedTemplate: { id: 0, title: packageName, type: 'package', price: 399000, image: '/x.webp' },
    });
    const post = (body: unknown) => server().app.inject({ method: 'POST', url: '/api/orders', headers: { 'accept-language': 'en', 'x-store-country': 'kr' }, payload: body as object });

    it('buys the package its name names, in any language or by slug, priced by the server', async () => {
      for (const name of ['배달앱 매출 부스트 패키지', 'Delivery-app sales boost', 'delivery']) {
        const response = await post(specOrder(name));
        expect(response.statusCode, name).toBe(201);
        expect(response.json()).toMatchObject({ success: true, amount: 399000, currency: 'KRW', status: 'pending' });
      }
    });

    it('answers which field is wrong, not "quantity 1 to 100"', async () => {
      const unknown = await post(specOrder('No such package'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ success: false, code: 'UNKNOWN_ITEM', fields: { packageName: expect.any(String) } });
      const unnamed = await post(specOrder(undefined));
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { packageName: expect.any(String) } });
      expect(Object.keys(unnamed.json().fields)).not.toContain('selectedTemplate.id');
    });

    it('names the fields the server ignores in the document', async () => {
      const document = await openApi();
      const body = (document.paths['/api/orders']!.post as unknown as { requestBody: { content: { 'application/json': { schema: { properties: Record<string, { deprecated?: boolean; description?: string }> } } } } })
        .requestBody.content['application/json'].schema.properties;
      for (const field of ['isGuestOrder', 'paymentMethod', 'orderType', 'status', 'currency', 'packagePrice', 'finalPrice', 'amountKRW', 'totalAmount']) {
        expect(body[field], field).toMatchObject({ deprecated: true, description: expect.stringMatching(/^Ignored/) });
      }
    });
  });
});
