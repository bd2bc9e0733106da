/**
 * Issue 33, item 23: the cart had no quantity control (adding a template twice gave "× 2", and only
 * deleting the line undid it). PATCH /api/cart/{id} sets a line's quantity within the order's
 * bounds; someone else's line is "not found", and a refused call changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../src/domain/catalog/pricing.ts';
import { newGuestId } from '../../src/domain/guest.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client } from './support/clients.ts';

describe.each(BACKENDS)('the cart\'s quantities on %s', (backend) => {
  const server = useTestServer(backend);
  const api = client(server);
  const us = { 'x-store-country': 'us', 'accept-language': 'en' };

  it('sets how many of a line, prices it in the store\'s currency, and refuses what an order could not take', async () => {
    const guest = newGuestId();
    const added = await api.call('POST', '/api/cart', { templateId: 3, quantity: 1, sessionId: guest }, us);
    expect(added.statusCode).toBe(201);
    const line = added.json().item;
    const set = await api.call('PATCH', `/api/cart/${line.id}`, { quantity: 3, sessionId: guest }, us);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().item).toMatchObject({ id: line.id, quantity: 3, price: { currency: 'USD', totalMinor: line.price.unitMinor * 3 } });

    const list = async () => (await api.call('GET', `/api/cart?sessionId=${guest}`, undefined, us)).json().items;
    for (const quantity of [0, MAX_QUANTITY + 1, 1.5, 'two']) {
      const refused = await api.call('PATCH', `/api/cart/${line.id}`, { quantity, sessionId: guest }, us);
      expect(refused.statusCode, `${quantity}`).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['quantity']);
    }
    expect((await list())[0].quantity).toBe(3);

    // Someone else's line does not exist for them.
    const stranger = await api.call('PATCH', `/api/cart/${line.id}`, { quantity: 1, sessionId: newGuestId() }, us);
    expect(stranger.statusCode).toBe(404);
    expect((await list())[0].quantity).toBe(3);

    expect((await api.call('PATCH', `/api/cart/${line.id}`, { quantity: 1, sessionId: guest }, us)).json().item.quantity).toBe(1);
  });
});
