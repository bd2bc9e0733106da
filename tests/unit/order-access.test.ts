/** The access table of orders and files (issue 13, item 14), over every actor and action. */
import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, mayOnOrder, mayReadFile, type Accessor, type OrderAction } from '../../src/domain/order-access.ts';

const guestId = 'g'.repeat(43);
const otherGuest = 'h'.repeat(43);
const userOrder = { orderNumber: 'SL-USER-ORDER-1', userId: 'user-1', guestId: null };
const guestOrder = { orderNumber: 'SL-GUEST-ORDER-1', userId: null, guestId };

const nobody: Accessor = { user: null, guestId: null, linkedOrderNumber: null };
const actors: Record<string, Accessor> = {
  anonymous: nobody,
  'the buyer (user)': { ...nobody, user: { id: 'user-1', role: 'customer' } },
  'another customer': { ...nobody, user: { id: 'user-2', role: 'customer' } },
  'the buyer (guest id)': { ...nobody, guestId },
  'the buyer (guest id, signed in since)': { ...nobody, guestId, user: { id: 'user-9', role: 'customer' } },
  'another guest': { ...nobody, guestId: otherGuest },
  'private link of this order': { ...nobody, linkedOrderNumber: 'SL-GUEST-ORDER-1' },
  'private link of another order': { ...nobody, linkedOrderNumber: 'SL-OTHER-ORDER-9' },
  staff: { ...nobody, user: { id: 'admin-1', role: 'admin' } },
};

type Row = Record<OrderAction, boolean>;
const all = (value: boolean): Row => Object.fromEntries(ORDER_ACTIONS.map((a) => [a, value])) as Row;
const owner: Row = { view: true, readFiles: true, writeBrief: true, review: true, pay: true, answerQuote: true, askPapers: true, cancel: true, manage: false, converse: true, readNotes: false };
const link: Row = { view: true, readFiles: true, writeBrief: true, review: true, pay: true, answerQuote: true, askPapers: true, cancel: false, manage: false, converse: true, readNotes: false };
const staff: Row = { view: true, readFiles: true, writeBrief: false, review: false, pay: false, answerQuote: false, askPapers: false, cancel: false, manage: true, converse: false, readNotes: true };

const expected: Array<[string, typeof userOrder | typeof guestOrder, Row]> = [
  ['anonymous', userOrder, all(false)],
  ['the buyer (user)', userOrder, owner],
  ['another customer', userOrder, all(false)],
  ['the buyer (guest id)', userOrder, all(false)],
  ['staff', userOrder, staff],
  ['anonymous', guestOrder, all(false)],
  ['the buyer (user)', guestOrder, all(false)],
  ['the buyer (guest id)', guestOrder, owner],
  ['the buyer (guest id, signed in since)', guestOrder, owner],
  ['another guest', guestOrder, all(false)],
  ['private link of this order', guestOrder, link],
  ['private link of another order', guestOrder, all(false)],
  ['private link of this order', userOrder, all(false)],
  ['staff', guestOrder, staff],
];

describe('who may do what to an order', () => {
  it.each(expected)('%s on %o', (actor, order, row) => {
    const got = Object.fromEntries(ORDER_ACTIONS.map((action) => [action, mayOnOrder(actors[actor]!, order, action)]));
    expect(got).toEqual(row);
  });

  it('covers every actor', () => {
    expect(new Set(expected.map(([actor]) => actor))).toEqual(new Set(Object.keys(actors)));
  });
});

describe('who may read a file', () => {
  const reference = { ownerUserId: null, ownerGuestId: guestId };
  const delivered = { ownerUserId: 'admin-1', ownerGuestId: null };
  it('lets the uploader, staff and whoever may read the order files', () => {
    expect(mayReadFile(actors['the buyer (guest id)']!, reference, null)).toBe(true);
    expect(mayReadFile(actors['another guest']!, reference, null)).toBe(false);
    expect(mayReadFile(actors.staff!, reference, null)).toBe(true);
    expect(mayReadFile(actors['the buyer (guest id)']!, delivered, guestOrder)).toBe(true);
    expect(mayReadFile(actors['private link of this order']!, delivered, guestOrder)).toBe(true);
    expect(mayReadFile(actors['another customer']!, delivered, guestOrder)).toBe(false);
    expect(mayReadFile(actors['private link of another order']!, delivered, guestOrder)).toBe(false);
    expect(mayReadFile(actors.anonymous!, delivered, null)).toBe(false);
  });

  it("keeps a private note's file to staff, even from the order's own readers", () => {
    const noted = { ownerUserId: 'admin-1', ownerGuestId: null, inPrivateNote: true };
    expect(mayReadFile(actors.staff!, noted, guestOrder)).toBe(true);
    for (const actor of ['the buyer (guest id)', 'private link of this order', 'another customer', 'anonymous']) {
      expect(mayReadFile(actors[actor]!, noted, guestOrder), actor).toBe(false);
    }
  });
});
