/**
 * Issue 33, item 2: a lone surrogate (`"\ud800"`, valid JSON, what `.slice()` leaves of a split
 * emoji) in free text reached PostgreSQL, which refuses it in JSON: a 500 with a stack trace. Now
 * every text field refuses it with 400 naming the field (tests/unit/every-text-field.test.ts walks
 * every route's contract), and nothing is stored. Here over HTTP on both databases, through the
 * fields that were stored as JSON (a quote's lines and note, a question, a decline reason, a
 * revision note) and a plain one.
 */
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { quotesShop } from './support/quotes.ts';
import { staffApi } from './support/staff.ts';

/** JSON with a lone high surrogate, as a client that cut an emoji in half sends it. */
const BROKEN = 'Great 👍 and \ud83d';

describe.each(BACKENDS)('broken text on %s', (backend) => {
  const server = useTestServer(backend);
  const q = quotesShop(server);
  const staff = staffApi(server);

  it('refuses a lone surrogate in a staff quote, a question, a decline and an order with 400 naming the field, and stores nothing', async () => {
    const admin = await staff.admin();
    const guest = { sessionId: newGuestId() };
    const order = await q.consultation('us', guest);
    const before = await q.picture(order.id);

    for (const [body, field] of [
      [{ lines: [{ description: BROKEN, amount: 45_000 }], validDays: 7 }, 'lines.0.description'],
      [{ lines: [{ description: 'Half-day shoot', amount: 45_000 }], validDays: 7, note: BROKEN }, 'note'],
    ] as const) {
      const priced = await q.price(order.id, body, admin.cookie);
      expect(priced.statusCode, priced.body).toBe(400);
      expect(priced.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    }
    expect(await q.picture(order.id)).toEqual(before);

    expect((await q.price(order.id, { lines: [{ description: 'Half-day shoot', amount: 45_000 }], validDays: 7 }, admin.cookie)).statusCode).toBe(200);
    const quoted = await q.picture(order.id);
    for (const answer of [await q.ask(order, BROKEN, guest), await q.decline(order, BROKEN, guest)]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(Object.keys(answer.json().fields)).toEqual([expect.stringMatching(/^(message|reason)$/)]);
      expect(Object.values(answer.json().fields)).toEqual(['깨진 문자가 들어 있습니다(이모지의 일부가 잘린 경우가 많습니다). 지우고 다시 입력해주세요.']);
    }
    expect(await q.picture(order.id)).toEqual(quoted);

    const placed = await q.api.call('POST', '/api/orders', { customerName: BROKEN, customerEmail: 'broken@example.com', customerPhone: '+1 415 555 0100', country: 'us', selectedTemplate: { id: 1 }, sessionId: newGuestId() }, { 'x-store-country': 'us', 'accept-language': 'en' });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().fields).toEqual({ customerName: 'This contains a broken character (often half of an emoji). Please remove it and try again.' });
  });
});
