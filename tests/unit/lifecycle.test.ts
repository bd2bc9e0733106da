/**
 * The lifecycle table (D30) and the quote rules (D28) as pure functions: `transitionFor` allows
 * exactly the rows of the table written in the comment of src/domain/lifecycle.ts (copied by hand
 * into tests/integration/support/lifecycle-table.ts, not read from LIFECYCLE), for every event,
 * starting status (a new order's null included), actor and staff's choice of status; quotes are
 * valid to the end of a Korea-time day; "payable" is pending, or quoted with a valid quote.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.ts';
import { ACTORS, LIFECYCLE_EVENTS, LIFECYCLE_MAILS, STAFF_SETTABLE, staffStatusChoices, startingStatuses, transitionFor } from '../../src/domain/lifecycle.ts';
import { assertPayable, isPayable } from '../../src/domain/payments.ts';
import { quoteValidDays } from '../../src/domain/quote-days.ts';
import { QUOTE_MAX_TOTAL_MINOR, approximateKrw, quoteIsValid, quoteTotal, quoteValidUntil } from '../../src/domain/quotes.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/statuses.ts';
import { quoteSchema } from '../../src/domain/validation/admin.ts';
import { declineQuoteSchema, quoteQuestionSchema } from '../../src/domain/validation/orders.ts';
import { ALL_ACTORS, EVENTS, STATUSES, expectedChange } from '../integration/support/lifecycle-table.ts';

const FROMS: readonly (OrderStatus | null)[] = [null, ...STATUSES];
const TOS: readonly (OrderStatus | undefined)[] = [undefined, ...STATUSES];

describe('the lifecycle table (D30)', () => {
  it('names the same events, statuses, actors and mails as the documented table', () => {
    expect([...LIFECYCLE_EVENTS].sort()).toEqual([...EVENTS].sort());
    expect([...ORDER_STATUSES]).toEqual([...STATUSES]);
    expect([...ACTORS].sort()).toEqual([...ALL_ACTORS].sort());
    expect([...LIFECYCLE_MAILS].sort()).toEqual(['consultation_received', 'order_paid', 'order_status', 'quote_sent', 'staff_order', 'staff_quote', 'staff_review']);
    expect([...STAFF_SETTABLE].sort()).toEqual(STATUSES.filter((s) => s !== 'quoted').sort());
  });

  it('allows exactly the listed (event, from, actor, to) rows, with their target and mails', () => {
    const wrong: string[] = [];
    const allowed = new Set<string>();
    let walked = 0;
    for (const event of EVENTS) {
      for (const from of FROMS) {
        for (const actor of ALL_ACTORS) {
          for (const to of TOS) {
            walked += 1;
            const got = transitionFor(event, from, actor, to);
            const want = expectedChange(event, from, actor, to);
            const name = `${event} ${from ?? '(new)'} by ${actor} to ${to ?? '-'}`;
            if (want === null) {
              if (got !== null) wrong.push(`${name}: allowed, the table lists no such change (${JSON.stringify(got)})`);
              continue;
            }
            if (got === null) {
              wrong.push(`${name}: refused, the table allows it`);
              continue;
            }
            if (got.event !== event || got.from !== from || got.to !== want.to || JSON.stringify([...got.mails]) !== JSON.stringify([...want.mails])) {
              wrong.push(`${name}: ${JSON.stringify(got)}, want to ${want.to} with ${want.mails.join('+') || 'no mails'}`);
            }
            // `to` means something only for staff's free choice.
            allowed.add(event === 'setByStaff' ? `${event} ${from} ${actor} ${to}` : `${event} ${from} ${actor}`);
          }
        }
      }
    }
    expect(walked).toBe(15 * 9 * 5 * 9);
    expect(wrong).toEqual([]);
    // Counted from the table by hand: 34 fixed changes (cancelledForErasure: 3 statuses x 2 actors), and staff's 7 starting statuses x 7
    // settable statuses less the 6 where both are the same.
    expect(allowed.size).toBe(34 + 7 * 7 - 6);
  });

  it('ignores `to` for every event but setByStaff, and needs it there', () => {
    for (const event of EVENTS.filter((e) => e !== 'setByStaff')) {
      for (const from of FROMS) {
        for (const actor of ALL_ACTORS) {
          const plain = transitionFor(event, from, actor);
          for (const to of STATUSES) expect(transitionFor(event, from, actor, to), `${event} ${from} ${actor} ${to}`).toEqual(plain);
        }
      }
    }
    for (const from of STATUSES) expect(transitionFor('setByStaff', from, 'staff')).toBeNull();
  });

  it('refuses the rows people get wrong', () => {
    // Only a sent quote makes `quoted`; a cancelled order stays cancelled; setting the same status is no change.
    expect(transitionFor('setByStaff', 'quote_review', 'staff', 'quoted')).toBeNull();
    expect(transitionFor('setByStaff', 'cancelled', 'staff', 'pending')).toBeNull();
    expect(transitionFor('setByStaff', 'in_progress', 'staff', 'in_progress')).toBeNull();
    expect(transitionFor('setByStaff', 'quoted', 'staff', 'cancelled')).toMatchObject({ from: 'quoted', to: 'cancelled' });
    expect(transitionFor('cancelledByStaff', 'cancelled', 'staff')).toBeNull();
    // A quote is paid by the provider's word only, declined by its customer or link holder, expired by the clock.
    expect(transitionFor('paid', 'quote_review', 'provider')).toBeNull();
    expect(transitionFor('paid', 'quoted', 'customer')).toBeNull();
    expect(transitionFor('quoteDeclined', 'quoted', 'staff')).toBeNull();
    expect(transitionFor('quoteDeclined', 'quote_review', 'customer')).toBeNull();
    expect(transitionFor('quoteExpired', 'quoted', 'staff')).toBeNull();
    expect(transitionFor('quoteSent', 'order_received', 'staff')).toBeNull();
    expect(transitionFor('cancelledByCustomer', 'quoted', 'customer')).toBeNull();
    expect(transitionFor('cancelledByCustomer', 'in_progress', 'customer')).toBeNull();
    expect(transitionFor('cancelledByCustomer', 'pending', 'linkHolder')).toBeNull();
    // Opening an order starts from nothing, never from a status.
    expect(transitionFor('placed', null, 'customer')).toMatchObject({ from: null, to: 'pending', mails: [] });
    expect(transitionFor('consultationOpened', null, 'customer')).toMatchObject({ from: null, to: 'quote_review', mails: ['consultation_received'] });
    for (const from of STATUSES) expect(transitionFor('placed', from, 'customer')).toBeNull();
  });

  it('lists the starting statuses of each change as the table does', () => {
    for (const event of EVENTS) {
      for (const actor of ALL_ACTORS) {
        for (const to of TOS) {
          const want = STATUSES.filter((from) => expectedChange(event, from, actor, to) !== null);
          expect(startingStatuses(event, actor, to), `${event} by ${actor} to ${to}`).toEqual(want);
        }
      }
    }
    expect(startingStatuses('paid', 'provider')).toEqual(['pending', 'quoted']);
    expect(startingStatuses('setByStaff', 'staff', 'completed')).toEqual(['pending', 'quote_review', 'quoted', 'order_received', 'in_progress', 'draft_delivered']);
    expect(startingStatuses('placed', 'customer')).toEqual([]);
  });
});

const at = (iso: string) => new Date(iso);

describe('quote validity (D28): to the end of the Korea-time day', () => {
  it('ends the last day at 23:59:59 in Seoul', () => {
    // 25 Nov, 00:00 in Seoul: 14 days from today is the end of 9 Dec there.
    expect(quoteValidUntil(14, at('2026-11-24T15:00:00Z')).toISOString()).toBe('2026-12-09T14:59:59.000Z');
    // One second earlier it is still 24 Nov in Seoul.
    expect(quoteValidUntil(14, at('2026-11-24T14:59:59Z')).toISOString()).toBe('2026-12-08T14:59:59.000Z');
    // Late evening in UTC is already the next morning in Seoul.
    expect(quoteValidUntil(1, at('2026-11-24T20:00:00Z')).toISOString()).toBe('2026-11-26T14:59:59.000Z');
    // The Seoul day counts, not the UTC one: 10:00 UTC on 24 Nov is 19:00 on 24 Nov in Seoul.
    expect(quoteValidUntil(1, at('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-25T14:59:59.000Z');
  });

  // Issue 33, item 26: a revision starts from the days its version was sent for.
  it('reads back how many days a quote was sent for, whatever the hour it was sent', () => {
    for (const sent of ['2026-11-24T15:00:00Z', '2026-11-24T14:59:59Z', '2026-11-24T20:00:00Z', '2026-12-31T23:00:00Z', '2028-02-28T16:00:00Z']) {
      for (const days of [1, 7, 10, 14, 30, 90]) expect(quoteValidDays(at(sent), quoteValidUntil(days, at(sent)))).toBe(days);
    }
    expect(quoteValidDays('2026-11-24T15:00:00.000Z', '2026-12-09T14:59:59.000Z')).toBe(14);
  });

  it('crosses months, years and leap days in Seoul time', () => {
    // 1 Jan 2027, 01:00 in Seoul (still 31 Dec in UTC): 90 days later is 1 Apr 2027.
    expect(quoteValidUntil(90, at('2026-12-31T16:00:00Z')).toISOString()).toBe('2027-04-01T14:59:59.000Z');
    // 28 Feb 2028 in Seoul (a leap year): one day later is 29 Feb.
    expect(quoteValidUntil(1, at('2028-02-28T03:00:00Z')).toISOString()).toBe('2028-02-29T14:59:59.000Z');
    expect(quoteValidUntil(1, at('2027-02-28T03:00:00Z')).toISOString()).toBe('2027-03-01T14:59:59.000Z');
  });

  it('always ends within the last second of a Seoul day, validDays whole days after today', () => {
    const day = 24 * 3600_000;
    for (let hour = 0; hour < 48; hour += 1) {
      const now = new Date(Date.UTC(2026, 10, 24, hour, 17, 3));
      for (const days of [1, 14, 90]) {
        const until = quoteValidUntil(days, now);
        const seoul = new Date(until.getTime() + 9 * 3600_000);
        expect([seoul.getUTCHours(), seoul.getUTCMinutes(), seoul.getUTCSeconds(), seoul.getUTCMilliseconds()]).toEqual([23, 59, 59, 0]);
        const todaySeoul = Math.floor((now.getTime() + 9 * 3600_000) / day);
        expect(Math.floor(seoul.getTime() / day) - todaySeoul).toBe(days);
      }
    }
  });

  it('is valid strictly before its end, and only for a quoted order', () => {
    const until = at('2026-12-09T14:59:59Z');
    const quoted = { status: 'quoted', quoteValidUntil: until };
    expect(quoteIsValid(quoted, at('2026-12-09T14:59:58.999Z'))).toBe(true);
    expect(quoteIsValid(quoted, until)).toBe(false);
    expect(quoteIsValid(quoted, at('2026-12-09T15:00:00Z'))).toBe(false);
    // As read from JSON or a driver that answers strings.
    expect(quoteIsValid({ status: 'quoted', quoteValidUntil: '2026-12-09T14:59:59.000Z' }, at('2026-12-01T00:00:00Z'))).toBe(true);
    expect(quoteIsValid({ status: 'quoted', quoteValidUntil: null }, at('2026-12-01T00:00:00Z'))).toBe(false);
    for (const status of STATUSES.filter((s) => s !== 'quoted')) {
      expect(quoteIsValid({ status, quoteValidUntil: until }, at('2026-12-01T00:00:00Z')), status).toBe(false);
    }
  });
});

describe('payable (D28, D30): pending, or quoted with a valid quote', () => {
  const now = at('2026-12-01T00:00:00Z');
  const future = at('2026-12-09T14:59:59Z');
  const past = at('2026-11-30T14:59:59Z');

  it('is pending whatever the quote column says', () => {
    expect(isPayable({ status: 'pending' }, now)).toBe(true);
    expect(isPayable({ status: 'pending', quoteValidUntil: past }, now)).toBe(true);
    expect(isPayable({ status: 'pending', quoteValidUntil: null }, now)).toBe(true);
  });

  it('is a quoted order only while its quote is valid', () => {
    expect(isPayable({ status: 'quoted', quoteValidUntil: future }, now)).toBe(true);
    expect(isPayable({ status: 'quoted', quoteValidUntil: future }, future)).toBe(false);
    expect(isPayable({ status: 'quoted', quoteValidUntil: past }, now)).toBe(false);
    expect(isPayable({ status: 'quoted', quoteValidUntil: null }, now)).toBe(false);
    expect(isPayable({ status: 'quoted' }, now)).toBe(false);
  });

  it('is nothing else, even with a valid date left on the order', () => {
    for (const status of ['quote_review', 'order_received', 'in_progress', 'draft_delivered', 'completed', 'cancelled']) {
      expect(isPayable({ status, quoteValidUntil: future }, now), status).toBe(false);
    }
  });

  it('refuses before any provider: QUOTE_EXPIRED for an expired quote, ORDER_NOT_PAYABLE otherwise', () => {
    const code = (order: Parameters<typeof assertPayable>[0]) => {
      try {
        assertPayable(order, now);
        return 'ok';
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).code;
      }
    };
    expect(code({ id: 'a', status: 'pending' })).toBe('ok');
    expect(code({ id: 'a', status: 'quoted', quoteValidUntil: future })).toBe('ok');
    expect(code({ id: 'a', status: 'quoted', quoteValidUntil: past })).toBe('QUOTE_EXPIRED');
    expect(code({ id: 'a', status: 'quoted', quoteValidUntil: null })).toBe('QUOTE_EXPIRED');
    expect(code({ id: 'a', status: 'quote_review', quoteValidUntil: future })).toBe('ORDER_NOT_PAYABLE');
    expect(code({ id: 'a', status: 'cancelled' })).toBe('ORDER_NOT_PAYABLE');
    expect(code({ id: 'a', status: 'order_received' })).toBe('ORDER_NOT_PAYABLE');
  });
});

describe('quote amounts and inputs', () => {
  const line = (amount: unknown, description: unknown = 'Shooting day') => ({ description, amount });
  const parse = (body: unknown) => quoteSchema.safeParse(body);

  it('adds up the lines and takes the price multiplier back out for reports in won', () => {
    expect(quoteTotal([])).toBe(0);
    expect(quoteTotal([{ description: 'a', amount: 150_000 }, { description: 'b', amount: 50_000 }])).toBe(200_000);
    expect(approximateKrw(200_000, { digits: 0, multiplier: '1' })).toBe(200_000);
    // 25.55 USD at 0.00073 dollars a won is 35,000 won.
    expect(approximateKrw(2555, { digits: 2, multiplier: '0.00073' })).toBe(35_000);
  });

  it('takes 1 to 20 lines of positive whole minor units, 1 to 90 days, 14 by default', () => {
    expect(parse({ lines: [line(1)] })).toMatchObject({ success: true, data: { validDays: 14 } });
    expect(parse({ lines: Array.from({ length: 20 }, () => line(1000)), validDays: 90, note: 'Two days on site' }).success).toBe(true);
    expect(parse({ lines: [line(QUOTE_MAX_TOTAL_MINOR)] }).success).toBe(true);
    expect(parse({ lines: [line(QUOTE_MAX_TOTAL_MINOR - 1), line(1)], validDays: 1 }).success).toBe(true);
  });

  it.each([
    ['no lines', { lines: [] }],
    ['21 lines', { lines: Array.from({ length: 21 }, () => line(1000)) }],
    ['a zero amount', { lines: [line(0)] }],
    ['a negative amount', { lines: [line(-5)] }],
    ['a fraction of a minor unit', { lines: [line(1.5)] }],
    ['an amount as a string', { lines: [line('1000')] }],
    ['a total over the maximum', { lines: [line(QUOTE_MAX_TOTAL_MINOR), line(1)] }],
    ['0 days', { lines: [line(1)], validDays: 0 }],
    ['91 days', { lines: [line(1)], validDays: 91 }],
    ['a fraction of a day', { lines: [line(1)], validDays: 1.5 }],
    ['an empty description', { lines: [line(1, '')] }],
    ['a description over 200 characters', { lines: [line(1, 'x'.repeat(201))] }],
    ['a note over 2000 characters', { lines: [line(1)], note: 'x'.repeat(2001) }],
    ['no lines at all', {}],
  ])('refuses %s', (_name, body) => {
    expect(parse(body).success).toBe(false);
  });

  it('needs a reason to decline and a message to ask', () => {
    expect(declineQuoteSchema.safeParse({ reason: 'Too expensive' }).success).toBe(true);
    expect(declineQuoteSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(declineQuoteSchema.safeParse({}).success).toBe(false);
    expect(declineQuoteSchema.safeParse({ reason: 'x'.repeat(2001) }).success).toBe(false);
    expect(quoteQuestionSchema.safeParse({ message: 'Does it include editing?' }).success).toBe(true);
    expect(quoteQuestionSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(quoteQuestionSchema.safeParse({ message: 'Why?', sessionId: 'short' }).success).toBe(false);
  });
});

describe("staff's status choices", () => {
  it('offer the quote step only for a consultation, cancelling only while unpaid, and nothing once cancelled', () => {
    const fixed = staffStatusChoices({ status: 'in_progress', paidAt: new Date(), orderType: 'service' });
    expect(fixed).toEqual(['pending', 'order_received', 'draft_delivered', 'completed']);
    expect(staffStatusChoices({ status: 'in_progress', paidAt: null, orderType: 'consultation' })).toEqual(expect.arrayContaining(['quote_review', 'cancelled']));
    expect(staffStatusChoices({ status: 'pending', paidAt: null, orderType: 'template' })).toContain('cancelled');
    expect(staffStatusChoices({ status: 'cancelled', paidAt: null, orderType: 'consultation' })).toEqual([]);
  });
});
