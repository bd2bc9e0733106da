/**
 * A business buyer's details for its papers (issue 34): given at checkout or later on the order
 * while it is unpaid, the tax id checked by the order's store (a Korean business number by its
 * check digit, an ABN by its checksum), kept to whoever may pay the order.
 */
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { staffApi } from './support/staff.ts';

const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');
const buyer = { customerName: 'Mia Chen', customerEmail: 'mia@harbourcafe.example', customerPhone: '+61 2 9000 0000', serviceId: 1 };
const cafe = { company: 'Harbour Café Pty Ltd', taxId: '51824753556', address: '1 George St, Sydney NSW 2000', email: 'accounts@harbourcafe.example' };

describe.each(BACKENDS)('business details on %s', (backend) => {
  const server = useTestServer(backend);
  const staff = staffApi(server);
  const { api } = staff;

  const order = async (country: string, guest: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/api/orders', { ...buyer, sessionId: guest, ...extra }, { 'x-store-country': country, 'accept-language': 'en' });

  it('keeps an Australian business\'s details given at checkout, the ABN written as papers write it', async () => {
    const guest = newGuestId();
    const created = await order('au', guest, { business: cafe });
    expect(created.statusCode, created.body).toBe(201);
    const read = (await api.call('GET', `/api/orders/${created.json().orderId}?sessionId=${guest}`)).json();
    expect(read.order.business).toEqual({ ...cafe, taxId: '51 824 753 556' });
  });

  it('refuses a Korean business number whose check digit is wrong at checkout, naming it, and stores no order', async () => {
    const before = await staff.snapshot();
    const refused = await order('kr', newGuestId(), { business: { company: '루미상회', taxId: '214-88-12346' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['business.taxId']);
    expect(refused.json().fields['business.taxId']).toMatch(/check digit/);
    expect(await staff.snapshot()).toEqual(before);
  });

  it('takes the details later from the order\'s guest or its private link, and from no one else', async () => {
    const guest = newGuestId();
    const { orderId } = (await order('kr', guest)).json();
    const mine = await api.call('PUT', `/api/orders/${orderId}/business`, { company: '루미상회', taxId: '2148812345', sessionId: guest });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().business).toEqual({ company: '루미상회', taxId: '214-88-12345', address: null, email: null });
    const byLink = await api.call('PUT', `/api/orders/${orderId}/business`, { company: '루미상회 본점', taxId: '214-88-12345', orderKey: links.keyFor(orderId) });
    expect(byLink.statusCode, byLink.body).toBe(200);
    // Another guest is told the order does not exist; a wrong key or nobody at all names no one (400, as reading the order).
    expect((await api.call('PUT', `/api/orders/${orderId}/business`, { company: '남의 회사', taxId: '214-88-12345', sessionId: newGuestId() })).statusCode).toBe(404);
    for (const stranger of [{ orderKey: links.keyFor(`${orderId}x`) }, {}]) {
      const answer = await api.call('PUT', `/api/orders/${orderId}/business`, { company: '남의 회사', taxId: '214-88-12345', ...stranger });
      expect([400, 404], JSON.stringify(stranger)).toContain(answer.statusCode);
    }
    const customer = await staff.customer();
    expect((await api.call('PUT', `/api/orders/${orderId}/business`, { company: '남의 회사', taxId: '214-88-12345' }, { cookie: customer.cookie })).statusCode).toBe(404);
    const read = (await api.call('GET', `/api/orders/${orderId}?sessionId=${guest}`)).json();
    expect(read.order.business.company).toBe('루미상회 본점');
  });

  it('checks the tax id by the order\'s store, not the page\'s, and changes nothing when it is wrong', async () => {
    const guest = newGuestId();
    const { orderId } = (await order('au', guest, { business: cafe })).json();
    const wrong = await api.call('PUT', `/api/orders/${orderId}/business`, { ...cafe, taxId: '51 824 753 557', sessionId: guest }, { 'x-store-country': 'kr', 'accept-language': 'ko' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['taxId']);
    // A Korean business number is no ABN.
    expect((await api.call('PUT', `/api/orders/${orderId}/business`, { ...cafe, taxId: '214-88-12345', sessionId: guest })).statusCode).toBe(400);
    const read = (await api.call('GET', `/api/orders/${orderId}?sessionId=${guest}`)).json();
    expect(read.order.business.taxId).toBe('51 824 753 556');
  });

  it('closes the details once the order is paid (its papers are made from them), and shows them to staff', async () => {
    const guest = newGuestId();
    const { orderId } = (await order('kr', guest, { business: { company: '루미상회', taxId: '214-88-12345' } })).json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId, card: 'approved', sessionId: guest })).json();
    expect((await api.call('POST', '/api/confirm', { orderId, paymentKey, amount, sessionId: guest })).statusCode).toBe(200);
    const late = await api.call('PUT', `/api/orders/${orderId}/business`, { company: '다른 회사', taxId: '214-88-12345', sessionId: guest }, { 'accept-language': 'en' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BUSINESS_DETAILS_CLOSED', message: expect.stringMatching(/paid/) });
    const { cookie } = await staff.admin();
    const list = (await staff.call('GET', `/api/orders?q=${orderId}`, undefined, { cookie })).json();
    const detail = (await staff.call('GET', `/api/admin/orders/${list.orders[0].id}`, undefined, { cookie })).json();
    expect(detail.order.business).toEqual({ company: '루미상회', taxId: '214-88-12345', address: null, email: null });
  });
});
