/**
 * Every route that touches someone's order answers as the access table says (issue 13, item 14):
 * each actor (nobody, the buying guest, another guest, the private link's holder, another
 * customer, staff) tries each action through HTTP on a guest's paid order with a delivered draft,
 * and is let through exactly when `mayOnOrder` says so. Refused is "not found" (or "say who you
 * are" to a request that says nothing; 401/403 in the staff area); never a hint that it exists.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { ORDER_ACTIONS, mayOnOrder, type Accessor, type OrderAction } from '../../src/domain/order-access.ts';
import { orders, users } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { staffApi } from './support/staff.ts';

interface Actor {
  name: string;
  /** Headers, query and body additions the actor's browser sends. */
  headers: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, string>;
  accessor: (order: { orderNumber: string }) => Accessor;
}

describe('the routes follow the access table', () => {
  const server = useTestServer('pglite');
  const s = staffApi(server);
  const nobody: Accessor = { user: null, guestId: null, linkedOrderNumber: null };

  let made = 0;
  /** A guest's paid order with a draft delivered: every action has something to act on. */
  async function guestOrderWithDraft(guestId: string, adminCookie: string) {
    made += 1;
    const created = (await s.api.call('POST', '/api/orders', { customerName: 'Lee', customerEmail: 'lee.guest@example.com', customerPhone: '010-2222-3333', serviceId: 1, quantity: 3, country: 'kr', sessionId: guestId }, { 'x-store-country': 'kr' })).json();
    const { paymentKey } = (await s.api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guestId })).json();
    expect((await s.api.call('POST', '/api/confirm', { orderId: created.orderId, amount: created.amount, paymentKey })).statusCode).toBe(200);
    const [row] = await s.db().select().from(orders).where(eq(orders.orderNumber, created.orderId));
    const form = await multipart([{ name: 'draft.png', data: await png() }]);
    const delivered = await s.inject({ method: 'POST', url: `/api/admin/orders/${row!.id}/deliverables?purpose=draft`, payload: form.payload, headers: { 'content-type': form.contentType, cookie: adminCookie }, remoteAddress: `10.91.${Math.floor(made / 50)}.${made % 50}` });
    expect(delivered.statusCode, delivered.body).toBe(201);
    return { row: row!, fileUrl: delivered.json().files[0].url as string };
  }

  it('lets each actor do exactly what the table allows, on every route', async () => {
    const admin = await s.admin();
    const [adminRow] = await s.db().select().from(users).where(eq(users.email, admin.account.email));
    const customer = await s.customer();
    const buyer = newGuestId();
    const stranger = newGuestId();
    // The browser the private link is opened in has a guest id of its own, as every browser does.
    const linkBrowser = newGuestId();
    const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');

    const actors: Actor[] = [
      { name: 'nobody', headers: {}, query: {}, body: {}, accessor: () => nobody },
      { name: 'the buying guest', headers: { 'x-guest-id': buyer }, query: { sessionId: buyer }, body: { sessionId: buyer }, accessor: () => ({ ...nobody, guestId: buyer }) },
      { name: 'another guest', headers: { 'x-guest-id': stranger }, query: { sessionId: stranger }, body: { sessionId: stranger }, accessor: () => ({ ...nobody, guestId: stranger }) },
      { name: 'the private link', headers: { 'x-guest-id': linkBrowser }, query: { key: 'KEY', order: 'ORDER', sessionId: linkBrowser }, body: { orderKey: 'KEY', sessionId: linkBrowser }, accessor: (o) => ({ ...nobody, guestId: linkBrowser, linkedOrderNumber: o.orderNumber }) },
      { name: 'another customer', headers: { cookie: customer.cookie }, query: {}, body: {}, accessor: () => ({ ...nobody, user: { id: 'someone-else', role: 'customer' } }) },
      { name: 'staff', headers: { cookie: admin.cookie }, query: {}, body: {}, accessor: () => ({ ...nobody, user: { id: adminRow!.id, role: 'admin' } }) },
    ];

    const attempts: Array<{ actor: string; action: OrderAction; allowed: boolean; status: number; code?: string }> = [];
    for (const actor of actors) {
      for (const action of ORDER_ACTIONS) {
        // A fresh order per attempt: an allowed action (a brief, an approval) changes it.
        const { row, fileUrl } = await guestOrderWithDraft(buyer, admin.cookie);
        const key = links.keyFor(row.orderNumber);
        const fill = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === 'KEY' ? key : v === 'ORDER' ? row.orderNumber : v]));
        const query = new URLSearchParams(fill(actor.query)).toString();
        const body = fill(actor.body);
        const response = await (async () => {
          switch (action) {
            case 'view': return s.call('GET', `/api/orders/${row.orderNumber}?${query}`, undefined, actor.headers);
            case 'readFiles': return s.inject({ method: 'GET', url: `${fileUrl}?${query}`, headers: actor.headers });
            case 'writeBrief': return s.call('POST', '/api/project-briefs', { orderId: row.orderNumber, style: ['modern'], ...body }, actor.headers);
            case 'review': return s.call('POST', `/api/orders/${row.orderNumber}/approve`, body, actor.headers);
            // Paid already, so an allowed start is refused for that reason (409), not "not found".
            case 'pay': return s.call('POST', '/api/payments/start', { orderId: row.orderNumber, provider: 'tosspayments', ...(body.sessionId ? { sessionId: body.sessionId } : {}), ...(body.orderKey ? { orderKey: body.orderKey } : {}) }, actor.headers);
            // No quote is open on it, so an allowed question is refused for that reason (409), not "not found".
            case 'answerQuote': return s.call('POST', `/api/orders/${row.orderNumber}/quote/questions`, { message: 'Is the price final?', ...body }, actor.headers);
            // Paid by card, so an allowed request is refused for that reason (409: its card slip is its evidence), not "not found".
            case 'askPapers': return s.call('POST', `/api/orders/${row.orderNumber}/tax-invoice`, { businessNumber: '124-81-00998', company: 'Bakery', representative: 'Kim', email: 'tax@example.com', ...body }, actor.headers);
            // Work has started, so an allowed cancel is refused for that reason, not "not found".
            case 'cancel': return s.call('POST', `/api/orders/${row.orderNumber}/cancel`, body, actor.headers);
            case 'manage': return s.call('GET', `/api/admin/orders/${row.id}`, undefined, actor.headers);
            case 'converse': return s.call('POST', `/api/orders/${row.orderNumber}/messages?${query}`, { body: 'Could the background be brighter?', ...body }, actor.headers);
            case 'readNotes': return s.call('GET', `/api/admin/orders/${row.id}/messages`, undefined, actor.headers);
          }
        })();
        const allowed = mayOnOrder(actor.accessor(row), { orderNumber: row.orderNumber, userId: row.userId, guestId: row.guestId }, action);
        const code = response.statusCode >= 400 ? (response.json() as { code?: string }).code : undefined;
        attempts.push({ actor: actor.name, action, allowed, status: response.statusCode, ...(code ? { code } : {}) });
      }
    }

    const refusedAsUnknown = (a: (typeof attempts)[number]) =>
      a.status === 404 || (a.status === 400 && a.code === 'VALIDATION_FAILED' && a.actor === 'nobody') || ((a.action === 'manage' || a.action === 'readNotes') && (a.status === 401 || a.status === 403));
    const wrong = attempts.filter((a) => (a.allowed
      ? refusedAsUnknown(a) || a.status >= 500
      : !refusedAsUnknown(a)));
    expect(wrong, JSON.stringify(attempts, null, 1)).toEqual([]);
    // The table is not trivially one way or the other here.
    expect(attempts.filter((a) => a.allowed).length).toBeGreaterThan(10);
    expect(attempts.filter((a) => !a.allowed).length).toBeGreaterThan(10);
    expect(attempts.find((a) => a.actor === 'the buying guest' && a.action === 'cancel')).toMatchObject({ status: 409 });
  }, 120_000);
});
