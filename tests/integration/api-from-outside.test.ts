/**
 * The API as an integrator meets it (issue 33, items 3-8), with tools nobody here wrote:
 * - Spectral's `oas` ruleset (the committed .spectral.yaml) has nothing to say about the document;
 * - the types openapi-typescript makes of it are the committed ones, and a client written with
 *   them and openapi-fetch (tests/contract/guest-purchase.ts, compiled by `npm run typecheck`)
 *   completes a guest's purchase in the /us store;
 * - every bound the document states is the server's: a value just inside is never refused for
 *   that field, the first one outside is refused with 400 naming it;
 * - what the document allows and the server used to read otherwise (null, numeric text, upper-case
 *   uuids, an optional body, a `file` field) is accepted, and the store comes from one rule.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { API_TYPES_FILE, apiTypesOf } from '../contract/api-types.ts';
import { guestPurchaseInUs } from '../contract/guest-purchase.ts';
import { useTestServer } from './harness.ts';
import { client } from './support/clients.ts';
import { multipart, png } from './support/files.ts';
import { staffApi } from './support/staff.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}
interface Operation {
  operationId: string;
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}
interface OpenApi { paths: Record<string, Record<string, Operation>> }

const root = path.resolve(import.meta.dirname, '../..');

describe('the API from outside', () => {
  const server = useTestServer('pglite');
  const staff = staffApi(server);
  const api = client(server);
  let document: OpenApi;

  beforeAll(async () => {
    document = (await server().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });

  const operations = () => Object.entries(document.paths).flatMap(([url, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ url, method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', operation })));

  it("passes Spectral's oas ruleset with nothing to say, not even a hint", () => {
    const file = path.join(os.tmpdir(), `openapi-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(document));
    const result = spawnSync(path.join(root, 'node_modules/.bin/spectral'), ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'hint', '--quiet'], { encoding: 'utf8' });
    fs.rmSync(file, { force: true });
    const found = JSON.parse(result.stdout || '[]') as Array<{ code: string; message: string; path: string[] }>;
    expect(found.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
  });

  it('gives every operation a stable operationId, a description and a declared tag', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { url, method, operation } of operations()) {
      expect(operation.operationId, `${method} ${url}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect((operation as { description?: string }).description, `${method} ${url}`).toBeTruthy();
    }
    expect(JSON.stringify(document)).not.toContain('ApiErrorInput');
  });

  it('is what the committed client types were generated from (npm run api:types)', async () => {
    expect(await apiTypesOf(document)).toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
  });

  it('serves a client generated from the document a guest purchase in the /us store, priced and charged in dollars', async () => {
    const viaInject: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const answer = await server().app.inject({
        method: request.method as 'GET', url: url.pathname + url.search, remoteAddress: '10.77.0.1',
        headers: Object.fromEntries(request.headers), ...(body ? { payload: body } : {}),
      });
      return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answer.headers as Record<string, string> });
    };
    const purchase = await guestPurchaseInUs(viaInject, newGuestId(), randomUUID());
    expect(purchase).toMatchObject({ currency: 'USD', status: 'order_received' });
    expect(purchase.amount).toBeGreaterThan(0);
  });

  describe('the bounds it states', () => {
    /** A fresh address per request, so the route limits stay out of the walk. */
    let ip = 0;
    const nextIp = () => `10.55.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
    let adminCookie = '';
    let customerCookie = '';
    let orderId = '';
    let usOrderId = '';
    const guest = newGuestId();

    beforeAll(async () => {
      adminCookie = (await staff.admin()).cookie;
      customerCookie = (await staff.customer()).cookie;
      const created = await api.call('POST', '/api/orders', { customerName: 'Jamie', customerEmail: 'jamie@example.com', customerPhone: '010-1234-5678', serviceId: 1, sessionId: guest }, { 'x-store-country': 'kr' });
      orderId = created.json().orderId;
      const us = await api.call('POST', '/api/orders', { customerName: 'Jamie', customerEmail: 'jamie@example.com', customerPhone: '+1 415 555 0100', serviceId: 1, sessionId: guest }, { 'x-store-country': 'us' });
      usOrderId = us.json().orderId;
    });

    /** A request every field of which is valid, per operation: the walk changes one field at a time. */
    const bases = (): Record<string, Record<string, unknown>> => ({
      register: { email: `walk-${randomUUID()}@example.com`, password: 'lumi-walk-2026', firstName: 'Min', lastName: 'Kim', phone: '010-1234-5678', username: 'minsu' },
      login: { email: 'nobody@example.com', password: 'lumi-walk-2026' },
      secondFactorSignIn: { challenge: 'not-a-challenge-token', code: '123456' },
      secondFactorSetup: { challenge: 'not-a-challenge-token' },
      secondFactorConfirm: { challenge: 'not-a-challenge-token', code: '123456' },
      renewRecoveryCodes: { code: '123456' },
      reauthenticate: { password: 'not-the-password' },
      setUserRole: { role: 'customer' },
      checkEmail: { email: 'nobody@example.com' },
      forgotPassword: { email: `walk-${randomUUID()}@example.com` },
      resetPassword: { token: 'not-a-token', password: 'lumi-walk-2026' },
      updateProfile: { email: 'nobody@example.com', username: 'minsu', firstName: 'Min', lastName: 'Kim', phone: '010-1234-5678' },
      changePassword: { currentPassword: 'not-it', newPassword: 'lumi-walk-2026' },
      addToCart: { templateId: 3, quantity: 1, sessionId: guest },
      setCartQuantity: { quantity: 1, sessionId: guest },
      mergeCart: { sessionId: guest },
      start: { orderId, provider: 'tosspayments', sessionId: guest },
      sandboxAuthorize: { orderId, card: 'declined', sessionId: guest },
      createOrder: { customerName: 'Jamie', customerEmail: 'jamie@example.com', customerPhone: '010-1234-5678', serviceId: 1, sessionId: guest },
      cancelOrder: { sessionId: guest },
      sendContact: { name: 'Jamie', email: 'jamie@example.com', service: 'basic', message: 'Hello there, a question about product shots.' },
      createBrief: { style: ['minimal'], orderId, sessionId: guest },
      changeStatus: { status: 'in_progress' },
      setComments: { comments: 'Soon.' },
      cancelOrderAsStaff: { refundAmount: 0, reason: 'Asked by the customer.' },
      setBriefStatus: { status: 'in_review' },
      markContact: { handled: true },
      sendQuote: { lines: [{ description: 'Two days of shooting', amount: 900000 }], validDays: 14 },
      declineQuote: { reason: 'Too dear.', sessionId: guest },
      askAboutQuote: { message: 'Is the second day needed?', sessionId: guest },
      approveDraft: { sessionId: guest },
      requestRevision: { note: 'Warmer light, please.', sessionId: guest },
      postOrderMessage: { body: 'Could the light be warmer?', sessionId: guest },
      postStaffOrderMessage: { body: 'Tomorrow morning.' },
      markOrderMessagesRead: { seq: 1, sessionId: guest },
      markStaffOrderMessagesRead: { seq: 1 },
      setTaxRule: { registered: false, kind: 'vat', rateBasisPoints: 0, included: true, registrations: [] },
      // A US order: its tax ids have a shape (4-30 characters) and no check digit to miss.
      setBusinessDetails: { company: 'Harbour Café LLC', taxId: '12-3456789', sessionId: guest },
      requestCashReceipt: { purpose: 'income_deduction', identity: '010-1234-5678', sessionId: guest },
      requestTaxInvoice: { businessNumber: '124-81-00998', company: 'Bakery', representative: 'Kim', email: 'tax@example.com', sessionId: guest },
      recordTaxInvoice: { approvalNumber: '20261128-10000000-12345678' },
      eraseAccount: { currentPassword: 'not-the-password', confirm: true },
      eraseOrder: { orderKey: 'not-the-key', email: 'someone@example.com', confirm: true },
    });

    /**
     * Fields whose value is checked past its length (a check digit, a number whose form depends on
     * another field): no filler is valid at their bound, so only the step past it is walked; their
     * checks are walked by the tests of their features (korean-evidence, business-details).
     */
    const CHECKED_PAST_LENGTH: Record<string, readonly string[]> = {
      requestCashReceipt: ['identity'],
      requestTaxInvoice: ['businessNumber'],
    };

    /** JSON bodies the walk leaves out, each with why; any other operation without a base fails the walk. */
    const NOT_WALKED: Record<string, string> = {
      confirm: 'read by the route in three shapes (readByRoute); its bounds are those of the three schemas, walked by orders-payments tests',
      stripeWebhook: 'raw bytes under a signature', paypalWebhook: 'raw bytes under a signature',
    };

    /** Letters and digits that every stated pattern of a field takes, `length` long (null when none does). */
    function filler(schema: JsonSchema, length: number): string | null {
      if (schema.format === 'email') return length >= 14 ? `${'a'.repeat(length - 12)}@example.com` : null;
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => !!p).map((p) => new RegExp(p, 'u'));
      for (const unit of ['a', '1', 'aB3']) {
        const text = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
        if (patterns.every((p) => p.test(text))) return text;
      }
      return null;
    }

    /** The string or integer branch of a field (its null or numeric-text alternative aside). */
    function own(schema: JsonSchema): JsonSchema {
      return schema.anyOf?.find((s) => s.type === 'string' || s.type === 'integer') ?? schema;
    }

    interface Probe { field: string; value: unknown; inside: boolean }

    /** Values at each stated bound of each top-level field: the bound itself, and one step past it. */
    function probes(body: JsonSchema): Probe[] {
      const out: Probe[] = [];
      for (const [field, raw] of Object.entries(body.properties ?? {})) {
        const schema = own(raw);
        if (schema.type === 'string' && schema.maxLength !== undefined && schema.format !== 'uuid') {
          const at = filler(schema, schema.maxLength);
          const past = filler({ ...schema, pattern: undefined, allOf: (schema.allOf ?? []).filter((s) => !/\{\d+,\d+\}/.test(s.pattern ?? '')) }, schema.maxLength + 1);
          if (at !== null) out.push({ field, value: at, inside: true });
          if (past !== null) out.push({ field, value: past, inside: false });
        }
        if (schema.type === 'string' && (schema.minLength ?? 0) > 0) out.push({ field, value: '', inside: false });
        if (schema.type === 'integer') {
          if (schema.minimum !== undefined) out.push({ field, value: schema.minimum, inside: true }, { field, value: schema.minimum - 1, inside: false });
          if (schema.maximum !== undefined) out.push({ field, value: schema.maximum, inside: true }, { field, value: schema.maximum + 1, inside: false });
        }
        if (schema.enum) out.push({ field, value: schema.enum[schema.enum.length - 1], inside: true }, { field, value: 'not-in-the-list', inside: false });
        if (schema.format === 'uuid') out.push({ field, value: 'not-a-uuid', inside: false });
        if (schema.format === 'email') out.push({ field, value: 'not-an-address', inside: false });
      }
      return out;
    }

    const STAFF = new Set(['reauthenticate', 'setUserRole', 'changeStatus', 'setComments', 'cancelOrderAsStaff', 'setBriefStatus', 'markContact', 'sendQuote', 'setTaxRule', 'recordTaxInvoice', 'postStaffOrderMessage', 'markStaffOrderMessagesRead']);
    const SIGNED_IN = new Set(['updateProfile', 'changePassword', 'mergeCart', 'eraseAccount']);

    it('accepts a value at each bound and refuses the first one past it with 400 naming the field, for every JSON body', async () => {
      const walked: string[] = [];
      const wrong: string[] = [];
      for (const { url, method, operation } of operations()) {
        const body = operation.requestBody?.content['application/json']?.schema;
        if (!body || NOT_WALKED[operation.operationId]) continue;
        const base = bases()[operation.operationId];
        expect(base, `a valid body for ${operation.operationId} to walk from`).toBeDefined();
        if (!body.properties || !base) continue;
        const cookie = STAFF.has(operation.operationId) ? adminCookie : SIGNED_IN.has(operation.operationId) ? customerCookie : '';
        const target = url.replace('{orderId}', operation.operationId === 'setBusinessDetails' ? usOrderId : orderId).replace('{id}', randomUUID()).replace('{country}', 'us');
        for (const probe of probes(body)) {
          if (probe.inside && CHECKED_PAST_LENGTH[operation.operationId]?.includes(probe.field)) continue;
          const payload = { ...bases()[operation.operationId], [probe.field]: probe.value };
          const answer = await server().app.inject({
            method, url: target, remoteAddress: nextIp(), payload,
            // No X-Store-Country: an order's `country` must agree with it, and every store is inside the list.
            headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
          });
          const named = answer.statusCode === 400 && answer.json().fields?.[probe.field] !== undefined;
          const label = `${operation.operationId} ${probe.field}=${JSON.stringify(probe.value).slice(0, 40)}: ${answer.statusCode} ${answer.body.slice(0, 160)}`;
          if (answer.statusCode >= 500 || (probe.inside ? named : !named)) wrong.push(label);
          walked.push(label);
        }
      }
      expect(wrong).toEqual([]);
      expect(walked.length).toBeGreaterThan(150);
    });

    it('answers a query parameter past its bound with 400 naming it', async () => {
      const cases: Array<[string, string]> = [
        ['/api/orders?pageSize=101', 'pageSize'], ['/api/orders?page=0', 'page'], ['/api/orders?status=lost', 'status'],
        ['/api/orders?userId=not-a-uuid', 'userId'], [`/api/orders?q=${'a'.repeat(101)}`, 'q'], ['/api/admin/users?pageSize=101', 'pageSize'],
        ['/api/admin/contacts?handled=maybe', 'handled'], ['/api/admin/briefs?status=lost', 'status'],
      ];
      for (const [url, field] of cases) {
        const answer = await staff.call('GET', url, undefined, { cookie: adminCookie });
        expect(answer.statusCode, url).toBe(400);
        expect(Object.keys(answer.json().fields), url).toEqual([field]);
      }
      for (const url of ['/api/orders?pageSize=100&page=1', `/api/orders?q=${'a'.repeat(100)}`, '/api/admin/users?pageSize=100']) {
        expect((await staff.call('GET', url, undefined, { cookie: adminCookie })).statusCode, url).toBe(200);
      }
    });
  });

  describe('what the document allows, the server takes', () => {
    it('takes null for an optional text, numeric text for a number, an upper-case uuid, and no body where the body is optional', async () => {
      const guest = newGuestId();
      const body = (await api.call('POST', '/api/orders', {
        customerName: 'Jamie', customerEmail: 'jamie@example.com', customerPhone: '010-1234-5678', customerAddress: null, requirements: null,
        serviceId: '1', quantity: '2', sessionId: guest,
      }, { 'x-store-country': 'kr' }));
      expect(body.statusCode, body.body).toBe(201);
      const line = (await api.call('POST', '/api/cart', { templateId: '3', quantity: '1', sessionId: guest })).json().item;
      const upper = await api.call('PATCH', `/api/cart/${String(line.id).toUpperCase()}?sessionId=${guest}`, { quantity: 2 });
      expect(upper.statusCode, upper.body).toBe(200);
      expect(upper.json().item).toMatchObject({ id: line.id, quantity: 2 });
      const cancelled = await server().app.inject({ method: 'POST', url: `/api/orders/${body.json().orderId}/cancel?sessionId=${guest}`, remoteAddress: '10.56.0.1' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const document = (await server().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
      const order = document.paths['/api/orders']!.post!.requestBody!.content['application/json']!.schema.properties!;
      expect(order.customerAddress!.anyOf).toContainEqual({ type: 'null' });
      expect(order.quantity!.anyOf).toContainEqual({ type: 'string', pattern: '^\\s*\\d+\\s*$' });
      expect(document.paths['/api/orders/{orderId}/cancel']!.post!.requestBody!.required).toBe(false);
      expect(document.paths['/api/cart/{id}']!.patch!.parameters!.find((p) => p.name === 'id')!.schema.pattern).toContain('A-F');
    });

    it('documents and reads a file sent as `file`', async () => {
      const guest = newGuestId();
      const form = await multipart([{ name: 'reference.png', data: await png() }]);
      const asFile = { ...form, payload: Buffer.from(form.payload.toString('latin1').replace('name="files"', 'name="file"'), 'latin1') };
      const answer = await server().app.inject({ method: 'POST', url: `/api/uploads?sessionId=${guest}`, remoteAddress: '10.56.0.2', headers: { 'content-type': asFile.contentType }, payload: asFile.payload });
      expect(answer.statusCode, answer.body).toBe(201);
      const document = (await server().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
      expect(Object.keys(document.paths['/api/uploads']!.post!.requestBody!.content['multipart/form-data']!.schema.properties!)).toEqual(expect.arrayContaining(['files', 'file']));
    });
  });

  describe('one rule for the store', () => {
    const order = (extra: Record<string, unknown>) => ({ customerName: 'Jamie', customerEmail: 'jamie@example.com', customerPhone: '+1 415 555 0100', serviceId: 1, sessionId: newGuestId(), ...extra });

    it('refuses an order whose body names another store than its X-Store-Country, and stores nothing', async () => {
      const before = await staff.snapshot();
      const answer = await api.call('POST', '/api/orders', order({ country: 'us' }), { 'x-store-country': 'kr', 'accept-language': 'en' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { country: 'Does not match the store in the X-Store-Country header.' } });
      expect(await staff.snapshot()).toEqual(before);
    });

    it("names the order in the body's store's language when nothing else says which", async () => {
      const answer = await server().app.inject({
        method: 'POST', url: '/api/orders', remoteAddress: '10.56.0.3', payload: order({ country: 'us' }),
        headers: { 'content-type': 'application/json', cookie: 'country=kr' },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ currency: 'USD' });
      expect(answer.json().orderName).toMatch(/^[\x20-\x7E×]+$/);
    });

    it('refuses an X-Store-Country that is no store, naming the header', async () => {
      const answer = await api.call('GET', '/api/cart', undefined, { 'x-store-country': 'xx', 'accept-language': 'en' });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().fields)).toEqual(['x-store-country']);
    });
  });

  describe('one error shape, also before a route runs', () => {
    it('answers a path that is not valid percent-encoding as not found, with a request id and a translated message', async () => {
      const answer = await server().app.inject({ method: 'POST', url: '/api/orders/%FF%FE/cancel', headers: { 'accept-language': 'ko' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, status: 404, code: 'NOT_FOUND', message: expect.any(String), requestId: expect.any(String) });
      expect(answer.json().message).toMatch(/[가-힣]/);
    });

    it('answers an address over the header limit with 431 in the same shape, in the language that arrived', async () => {
      // Node's parser answers before any route: only a real socket meets it (the harness closes the server).
      const address = await server().app.listen({ port: 0, host: '127.0.0.1' });
      {
        const { port } = new URL(address);
        const raw = await new Promise<string>((resolve, reject) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => {
            socket.write(`GET /api/cart?sessionId=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nAccept-Language: ja\r\n\r\n`);
          });
          let data = '';
          socket.on('data', (chunk) => { data += chunk.toString('utf8'); });
          socket.on('close', () => resolve(data));
          socket.on('error', reject);
        });
        expect(raw).toMatch(/^HTTP\/1\.1 431 /);
        const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
        expect(body).toMatchObject({ success: false, status: 431, code: 'HEADERS_TOO_LARGE', requestId: expect.any(String) });
        expect(body.message).toMatch(/[ぁ-んァ-ン]/);
        expect(raw).toContain(`x-request-id: ${body.requestId}`);
      }
    });
  });
});
