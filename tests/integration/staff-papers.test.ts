/**
 * Staff's papers (issue 34): the list searched by number, order, store, kind and period, each
 * store's totals of the period, and the CSV for the accountant, whose rows add up to its totals,
 * which are the tab's, which agree with the overview's takings. Staff only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orders, papers } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { newAccount, sessionCookie } from './support/clients.ts';
import { papersNumbered, staffApi } from './support/staff.ts';

const kstToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

/** The CSV as rows of cells (the export quotes only what needs it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  return rows;
}

describe.each(BACKENDS)('staff papers on %s', (backend) => {
  const server = useTestServer(backend);
  const staff = staffApi(server);
  const { api } = staff;

  async function paid(country: string, extra: Record<string, unknown> = {}, real = true) {
    const guest = newGuestId();
    const created = await api.call('POST', '/api/orders', { customerName: 'Mia Chen', customerEmail: 'mia@example.com', customerPhone: '+61 2 9000 0000', serviceId: 1, sessionId: guest, ...extra }, { 'x-store-country': country, 'accept-language': 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId } = created.json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId, card: 'approved', sessionId: guest })).json();
    expect((await api.call('POST', '/api/confirm', { orderId, paymentKey, amount, sessionId: guest })).statusCode).toBe(200);
    // The sandbox moves no money; these stand for real payments, as the overview's tests do.
    if (real) await staff.db().update(orders).set({ testPayment: false }).where(eq(orders.orderNumber, orderId));
    await papersNumbered(staff.db());
    return { orderId, guest, amount: amount as number };
  }

  it('answers staff only: 401 to nobody, 403 to a customer', async () => {
    const customer = { cookie: sessionCookie(await api.call('POST', '/api/auth/register', newAccount())) };
    for (const url of ['/api/admin/papers', '/api/admin/papers/export']) {
      expect((await api.call('GET', url)).statusCode).toBe(401);
      expect((await api.call('GET', url, undefined, customer)).statusCode).toBe(403);
    }
  });

  it('lists and totals a period\'s papers by store; the CSV adds up to the same totals, and they agree with the overview', async () => {
    const { cookie } = await staff.admin();
    const asStaff = (url: string) => staff.call('GET', url, undefined, { cookie });
    const business = await paid('au', { business: { company: '=HYPERLINK("http://evil.example","Café, "Harbour" Pty Ltd")', taxId: '51 824 753 556' } });
    const refunded = await paid('au');
    await paid('au', {}, false);
    expect([200, 202]).toContain((await api.call('POST', `/api/orders/${refunded.orderId}/cancel`, { sessionId: refunded.guest })).statusCode);
    for (let waited = 0; waited < 3000; waited += 20) {
      await papersNumbered(staff.db());
      const notes = await staff.db().select().from(papers).where(eq(papers.kind, 'credit_note'));
      if (notes.length && notes.every((n) => n.number !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const today = kstToday();

    const list = (await asStaff(`/api/admin/papers?country=au&from=${today}&to=${today}&pageSize=100`)).json();
    const stored = await staff.db().select().from(papers).innerJoin(orders, eq(orders.id, papers.orderId)).where(eq(papers.country, 'au'));
    expect(list.total).toBe(stored.length);
    const real = stored.filter((row) => !row.orders.testPayment);
    const sum = (kind: string, pick: 'amountMinor' | 'taxMinor') => real.filter((r) => r.papers.kind === kind).reduce((total, r) => total + r.papers[pick], 0);
    expect(list.totals).toEqual([{
      country: 'au', currency: 'AUD',
      receipts: real.filter((r) => r.papers.kind === 'receipt').length, sales: sum('receipt', 'amountMinor'), salesTax: sum('receipt', 'taxMinor'),
      creditNotes: 1, refunds: refunded.amount, refundsTax: sum('credit_note', 'taxMinor'),
      net: sum('receipt', 'amountMinor') - refunded.amount, netTax: sum('receipt', 'taxMinor') - sum('credit_note', 'taxMinor'),
    }]);
    // The overview's takings today in Australia: the paid orders not cancelled, not tests.
    const overview = (await asStaff('/api/admin/overview')).json();
    const taken = overview.daily.filter((d: { day: string; country: string }) => d.day === today && d.country === 'au').reduce((total: number, d: { amount: number }) => total + d.amount, 0);
    expect(list.totals[0].net).toBe(taken);

    // Searched by a paper's number, by its order's, by kind.
    const one = list.papers.find((p: { kind: string }) => p.kind === 'tax_invoice');
    expect((await asStaff(`/api/admin/papers?q=${one.number}`)).json().papers.map((p: { number: string }) => p.number)).toEqual([one.number]);
    expect((await asStaff(`/api/admin/papers?q=${business.orderId}`)).json().papers.map((p: { kind: string }) => p.kind).sort()).toEqual(['receipt', 'tax_invoice']);
    expect((await asStaff('/api/admin/papers?kind=credit_note')).json().papers.map((p: { orderNumber: string }) => p.orderNumber)).toEqual([refunded.orderId]);
    expect((await asStaff('/api/admin/papers?from=2026-13-01')).statusCode).toBe(400);

    const exported = await asStaff(`/api/admin/papers/export?country=au&from=${today}&to=${today}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="papers-au-${today}-${today}.csv"`);
    const rows = parseCsv(exported.body.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    const blank = rows.findIndex((r) => r.length === 1 && r[0] === '');
    const body = rows.slice(1, blank).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!])));
    const totals = rows.slice(blank + 2).map((r) => Object.fromEntries(rows[blank + 1]!.map((h, i) => [h, r[i]!])));
    expect(body).toHaveLength(stored.length);
    // A company that looks like a formula stays text, its commas and quotes intact.
    expect(body.find((r) => r.kind === 'tax_invoice' && r.order === business.orderId)!.company).toBe('\'=HYPERLINK("http://evil.example","Café, "Harbour" Pty Ltd")');
    const cents = (text: string) => Math.round(Number(text) * 100);
    const add = (kind: string, column: string) => body.filter((r) => r.kind === kind && r.test_payment === 'false').reduce((total, r) => total + cents(r[column]!), 0);
    expect(totals).toEqual([{
      totals: 'totals', store: 'au', currency: 'AUD', receipts: String(list.totals[0].receipts),
      sales: (add('receipt', 'amount') / 100).toFixed(2), sales_tax: (add('receipt', 'tax') / 100).toFixed(2),
      credit_notes: '1', refunds: (-add('credit_note', 'amount') / 100).toFixed(2), refunds_tax: (-add('credit_note', 'tax') / 100).toFixed(2),
      net: (list.totals[0].net / 100).toFixed(2), net_tax: (list.totals[0].netTax / 100).toFixed(2),
    }]);
    expect(cents(totals[0]!.sales!)).toBe(list.totals[0].sales);
    expect(cents(totals[0]!.refunds!)).toBe(list.totals[0].refunds);
  });
});
