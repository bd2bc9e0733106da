/**
 * Papers a business can book (issue 34): issued by the statement that pays the order, numbered
 * per store and year without gaps, with the tax part the store's rule names.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { numberPapers } from '../../src/server/features/payments/papers-numbering.ts';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { STORE_TIME_ZONES } from '../../src/domain/tax/papers.ts';
import { orders, papers } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { staffApi } from './support/staff.ts';

const yearIn = (timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(new Date()));

describe.each(BACKENDS)('papers on %s', (backend) => {
  const server = useTestServer(backend);
  const staff = staffApi(server);
  const { api } = staff;

  /** An order approved in the sandbox, its confirm still to send. */
  async function approvedOrder(country: string, extra: Record<string, unknown> = {}) {
    const guest = newGuestId();
    const created = await api.call('POST', '/api/orders', { customerName: 'Mia Chen', customerEmail: 'mia@example.com', customerPhone: '+61 2 9000 0000', serviceId: 1, sessionId: guest, ...extra }, { 'x-store-country': country, 'accept-language': 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId } = created.json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId, card: 'approved', sessionId: guest })).json();
    return { orderId, guest, confirm: () => api.call('POST', '/api/confirm', { orderId, paymentKey, amount, sessionId: guest }) };
  }

  /** Every number the store's series has given this year, in order. */
  const seriesOf = async (country: 'au' | 'kr') =>
    (await staff.db().select({ sequence: papers.sequence }).from(papers).where(and(eq(papers.country, country), eq(papers.year, yearIn(STORE_TIME_ZONES[country])), isNotNull(papers.sequence))).orderBy(asc(papers.sequence))).map((p) => p.sequence);

  /** The order's papers once the numbering that follows its payment has run (without being asked here). */
  async function numbered(orderId: string) {
    for (let waited = 0; ; waited += 10) {
      const issued = await staff.db().select().from(papers).where(eq(papers.orderId, orderId)).orderBy(asc(papers.sequence));
      if (issued.length > 0 && issued.every((p) => p.number !== null)) return issued;
      if (waited > 3000) throw new Error(`the papers of ${orderId} were not numbered within 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function paidOrder(country: string, extra: Record<string, unknown> = {}) {
    const { orderId, guest, confirm } = await approvedOrder(country, extra);
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [order] = await staff.db().select().from(orders).where(eq(orders.orderNumber, orderId));
    const issued = await numbered(order!.id);
    return { orderId, guest, order: order!, issued };
  }

  it('gives an Australian business a receipt and a tax invoice with the GST part and its ABN, numbered in the store\'s series', async () => {
    const { order, issued } = await paidOrder('au', { business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } });
    const year = yearIn(STORE_TIME_ZONES.au);
    expect(issued.map((p) => p.kind)).toEqual(['receipt', 'tax_invoice']);
    const [first, second] = issued;
    expect(first!.number).toMatch(new RegExp(`^SL-AU-${year}-\\d{6}$`));
    expect(second!.sequence).toBe(first!.sequence! + 1);
    for (const paper of issued) {
      expect(paper).toMatchObject({ country: 'au', year, currency: 'AUD', amountMinor: order.amountMinor, buyer: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } });
      expect(paper.taxMinor).toBe(order.amountMinor - Math.floor((order.amountMinor * 20000 + 11000) / 22000));
      expect(paper.taxRule).toMatchObject({ registered: true, kind: 'gst', rateBasisPoints: 1000, registrations: [{ kind: 'abn', value: '51 824 753 556' }] });
    }
  });

  it('gives a Korean order its receipt with the VAT part (tax invoices there come from the national system), and a store not registered a receipt without tax', async () => {
    const kr = await paidOrder('kr');
    expect(kr.issued.map((p) => [p.kind, p.currency])).toEqual([['receipt', 'KRW']]);
    expect(kr.issued[0]!.taxMinor).toBe(kr.order.amountMinor - Math.floor((kr.order.amountMinor * 20000 + 11000) / 22000));
    expect(kr.issued[0]!.number).toMatch(/^SL-KR-\d{4}-\d{6}$/);
    const us = await paidOrder('us');
    expect(us.issued.map((p) => [p.kind, p.taxMinor, p.buyer])).toEqual([['receipt', 0, null]]);
    expect(us.issued[0]!.taxRule).toMatchObject({ registered: false });
  });

  it('lists an order\'s papers to its customer and to staff', async () => {
    const { orderId, guest, issued } = await paidOrder('au', { business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } });
    const read = (await api.call('GET', `/api/orders/${orderId}?sessionId=${guest}`)).json();
    expect(read.order.papers).toEqual(issued.map((p) => ({
      kind: p.kind, number: p.number, issuedAt: p.issuedAt.toISOString(), amount: p.amountMinor, tax: p.taxMinor, currency: 'AUD',
      htmlUrl: `/api/orders/${orderId}/papers/${p.number}?sessionId=${guest}`, pdfUrl: `/api/orders/${orderId}/papers/${p.number}/pdf?sessionId=${guest}`,
    })));
    const { cookie } = await staff.admin();
    const [order] = await staff.db().select().from(orders).where(eq(orders.orderNumber, orderId));
    expect((await staff.call('GET', `/api/admin/orders/${order!.id}`, undefined, { cookie })).json().papers.map((p: { number: string }) => p.number)).toEqual(issued.map((p) => p.number));
    expect((await api.call('GET', `/api/orders/${orderId}?sessionId=${newGuestId()}`)).statusCode).toBe(404);
  });

  it('numbers twenty payments made at once without a gap or a repeat', async () => {
    const approved = [];
    for (let i = 0; i < 20; i++) approved.push(await approvedOrder('au'));
    const answers = await Promise.all(approved.map((a) => a.confirm()));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const { orderId } of approved) {
      const [order] = await staff.db().select().from(orders).where(eq(orders.orderNumber, orderId));
      expect(await numbered(order!.id)).toHaveLength(2);
    }
    const series = await seriesOf('au');
    expect(series).toEqual(series.map((_, i) => i + 1));
    expect(series.length).toBeGreaterThanOrEqual(40);
  });

  it('gives back the numbers of a payment that died half way: the series goes on without a gap, and the payment, retried, takes the next ones', async () => {
    const dying = await approvedOrder('kr');
    const before = await seriesOf('kr');
    await staff.db().execute(sql.raw(`create function die_on_paper() returns trigger language plpgsql as $$ begin raise exception 'the process died'; end $$`));
    await staff.db().execute(sql.raw('create trigger die_on_paper before insert on papers for each row execute function die_on_paper()'));
    try {
      expect((await dying.confirm()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await staff.db().execute(sql.raw('drop trigger die_on_paper on papers'));
      await staff.db().execute(sql.raw('drop function die_on_paper()'));
    }
    // Nothing of that payment stayed: not the order's paid status, not a number.
    expect(await seriesOf('kr')).toEqual(before);
    const [unpaid] = await staff.db().select().from(orders).where(eq(orders.orderNumber, dying.orderId));
    expect(unpaid!.status).toBe('pending');
    await paidOrder('kr');
    expect((await dying.confirm()).statusCode).toBe(200);
    await numbered(unpaid!.id);
    const after = await seriesOf('kr');
    expect(after).toEqual(after.map((_, i) => i + 1));
    expect(after.length).toBe(before.length + 2);
  });

  it('keeps a payment whose numbering failed, lists its papers once numbered again, and leaves no gap', async () => {
    const before = await seriesOf('kr');
    await staff.db().execute(sql.raw(`create function die_on_number() returns trigger language plpgsql as $$ begin raise exception 'the process died'; end $$`));
    await staff.db().execute(sql.raw('create trigger die_on_number before insert or update on paper_counters for each row execute function die_on_number()'));
    let order: typeof orders.$inferSelect | undefined;
    try {
      const approved = await approvedOrder('kr');
      expect((await approved.confirm()).statusCode).toBe(200);
      [order] = await staff.db().select().from(orders).where(eq(orders.orderNumber, approved.orderId));
      expect(order!.status).toBe('order_received');
      // While no numbering can succeed, the paper waits unnumbered and the order lists none.
      expect(await staff.db().select().from(papers).where(and(eq(papers.orderId, order!.id), isNull(papers.number)))).toHaveLength(1);
      expect((await api.call('GET', `/api/orders/${approved.orderId}?sessionId=${approved.guest}`)).json().order.papers).toEqual([]);
    } finally {
      await staff.db().execute(sql.raw('drop trigger die_on_number on paper_counters'));
      await staff.db().execute(sql.raw('drop function die_on_number()'));
    }
    // The numbering job's pass (or the next payment's numbering) numbers it, once.
    await numberPapers(staff.db());
    expect(await numbered(order!.id)).toHaveLength(1);
    expect(await numberPapers(staff.db())).toBe(0);
    expect(await seriesOf('kr')).toEqual([...before, before.length + 1]);
  });

  it('issues a credit note for each refund, naming the receipt it corrects, with the receipt\'s rule and buyer', async () => {
    const { orderId, guest, order, issued } = await paidOrder('au', { business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } });
    const receipt = issued.find((p) => p.kind === 'receipt')!;
    const cancelled = await api.call('POST', `/api/orders/${orderId}/cancel`, { sessionId: guest });
    expect([200, 202]).toContain(cancelled.statusCode);
    const notes = async () => (await staff.db().select().from(papers).where(and(eq(papers.orderId, order.id), eq(papers.kind, 'credit_note'))));
    let [note] = await notes();
    for (let waited = 0; (!note || note.number === null) && waited < 3000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      [note] = await notes();
    }
    expect(note).toMatchObject({
      amountMinor: order.amountMinor, taxMinor: receipt.taxMinor, currency: 'AUD', correctsPaperId: receipt.id,
      buyer: { company: 'Harbour Café Pty Ltd' }, taxRule: receipt.taxRule,
    });
    expect(note!.number).toMatch(/^SL-AU-\d{4}-\d{6}$/);
    const listed = (await api.call('GET', `/api/orders/${orderId}?sessionId=${guest}`)).json().order.papers;
    expect(listed.map((p: { kind: string }) => p.kind)).toEqual(['receipt', 'tax_invoice', 'credit_note']);
    const series = await seriesOf('au');
    expect(series).toEqual(series.map((_, i) => i + 1));
  });

  it('gives a partial refund by staff a credit note of that amount, its tax the part the receipt\'s rule names', async () => {
    const { order, issued } = await paidOrder('kr');
    const { cookie } = await staff.admin();
    // An odd amount, to make the rounding count: a little over half of what was paid.
    const refundAmount = Math.floor(order.amountMinor / 2) + 1;
    const answer = await staff.call('POST', `/api/admin/orders/${order.id}/cancel`, { refundAmount, reason: 'Half the work was done.' }, { cookie });
    expect([200, 202], answer.body).toContain(answer.statusCode);
    let notes: Array<typeof papers.$inferSelect> = [];
    for (let waited = 0; waited < 3000; waited += 10) {
      notes = await staff.db().select().from(papers).where(and(eq(papers.orderId, order.id), eq(papers.kind, 'credit_note')));
      if (notes[0]?.number) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(notes).toHaveLength(1);
    // The VAT in it: the refund less its net (× 10000 / 11000, rounded half up).
    expect(notes[0]).toMatchObject({ amountMinor: refundAmount, taxMinor: refundAmount - Math.floor((refundAmount * 20000 + 11000) / 22000), correctsPaperId: issued[0]!.id, currency: 'KRW' });
  });
});
