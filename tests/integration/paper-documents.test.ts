/**
 * Papers as their readers get them (issue 34): an accessible page and a PDF for each paper of a
 * paid order, in the order's language, read back with a PDF text extractor; given to whoever may
 * view the order and to nobody else; and attached to the paid-order mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { newAccount, sessionCookie } from './support/clients.ts';
import { pdfText } from './support/pdf-text.ts';
import { startSmtpServer } from './support/peers.ts';
import { LINKS } from './support/quotes.ts';
import { papersNumbered, staffApi } from './support/staff.ts';

interface Paper { kind: string; number: string; amount: number; tax: number; currency: string; htmlUrl: string; pdfUrl: string }

describe.each(BACKENDS)('paper documents on %s', (backend) => {
  const server = useTestServer(backend);
  const staff = staffApi(server);
  const { api } = staff;

  /** A guest's order paid in the sandbox, and its papers as the order's answer lists them. */
  async function paid(country: string, lang: string, extra: Record<string, unknown> = {}) {
    const guest = newGuestId();
    const created = await api.call('POST', '/api/orders', { customerName: 'Mia Chen', customerEmail: 'mia@example.com', customerPhone: '+61 2 9000 0000', serviceId: 1, sessionId: guest, ...extra }, { 'x-store-country': country, 'accept-language': lang });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId } = created.json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId, card: 'approved', sessionId: guest })).json();
    expect((await api.call('POST', '/api/confirm', { orderId, paymentKey, amount, sessionId: guest })).statusCode).toBe(200);
    await papersNumbered(staff.db());
    const order = (await api.call('GET', `/api/orders/${orderId}?sessionId=${guest}`)).json().order;
    return { orderId, guest, order, papers: order.papers as Paper[] };
  }

  const get = (url: string, headers: Record<string, string> = {}) => api.call('GET', url, undefined, headers);
  const pathOf = (url: string) => url.split('?')[0]!;

  it('gives an Australian business its tax invoice as a PDF with the GST, its ABN and its company, and as a page saying the same', async () => {
    const { orderId, guest, order, papers } = await paid('au', 'en', { business: { company: 'Harbour Café Pty Ltd', taxId: '51824753556', address: '1 Macquarie St, Sydney NSW 2000' } });
    expect(papers.map((p) => p.kind)).toEqual(['receipt', 'tax_invoice']);
    const invoice = papers[1]!;
    expect(invoice.pdfUrl).toBe(`/api/orders/${orderId}/papers/${invoice.number}/pdf?sessionId=${guest}`);
    expect(invoice.htmlUrl).toBe(`/api/orders/${orderId}/papers/${invoice.number}?sessionId=${guest}`);

    const pdf = await get(invoice.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename=${invoice.number}.pdf`);
    expect(pdf.headers['cache-control']).toContain('private');
    const { text, info } = await pdfText(pdf.rawPayload);
    expect(info.Title).toBe(`Tax invoice ${invoice.number}`);
    const gst = `A$${(invoice.tax / 100).toFixed(2)}`;
    const total = `A$${(order.amount / 100).toFixed(2)}`;
    for (const expected of ['Tax invoice', invoice.number, orderId, 'Harbour Café Pty Ltd', 'ABN 51 824 753 556', `GST (10%) ${gst}`, `Total paid ${total}`, `The total includes GST of ${gst}.`, 'Test payment']) {
      expect(text).toContain(expected);
    }
    // The lines' GST adds up to the document's.
    expect(invoice.tax).toBe(order.amount - Math.floor((order.amount * 20000 + 11000) / 22000));

    const page = await get(invoice.htmlUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1 id="paper-title">Tax invoice</h1>');
    expect(page.body).toMatch(/<th scope="col"[^>]*>GST<\/th>/);
    expect(page.body).toContain(`<th scope="row" colspan="3">GST (10%)</th><td class="n">${gst}</td>`);
    expect(page.body).toContain('Harbour Café Pty Ltd');
    expect(page.body).toContain(`href="/api/orders/${orderId}/papers/${invoice.number}/pdf?sessionId=${guest}"`);
    expect(page.body).not.toContain('<script');
  });

  it.each([
    ['kr', 'ko', { company: '주식회사 맛있는 빵집', taxId: '124-81-00998' }, ['영수증', '공급받는 자', '주식회사 맛있는 빵집', '사업자등록번호 124-81-00998', '부가세(10%)', '결제 금액 합계']],
    ['au', 'ja', { company: '株式会社さくら写真館', taxId: '51 824 753 556' }, ['税務請求書', '株式会社さくら写真館', 'GST（10%）', 'お支払い合計']],
    ['us', 'vi', { company: 'Công ty TNHH Ảnh Đẹp Sài Gòn', taxId: '0312345678' }, ['Biên lai', 'Bên mua', 'Công ty TNHH Ảnh Đẹp Sài Gòn', 'Mã số thuế 0312345678', 'Tổng đã thanh toán']],
  ] as const)('writes a %s order in %s with the buyer\'s company in its own script, text a reader can copy', async (country, lang, business, expected) => {
    const { papers } = await paid(country, lang, { business });
    const last = papers.at(-1)!;
    const { text } = await pdfText((await get(last.pdfUrl)).rawPayload);
    for (const words of expected) expect(text).toContain(words);
    // A store that is not registered says nothing about tax.
    if (country === 'us') expect(text).not.toMatch(/thuế bán hàng|VAT|GST/);
    const page = (await get(last.htmlUrl)).body;
    expect(page).toContain(`<html lang="${lang}">`);
    expect(page).toContain(business.company);
  });

  it('gives a paper to whoever may view its order and tells everyone else it does not exist', async () => {
    const { orderId, papers } = await paid('au', 'en');
    const other = await paid('au', 'en');
    const receipt = papers[0]!;
    const pdf = pathOf(receipt.pdfUrl);
    const html = pathOf(receipt.htmlUrl);
    const customer = newAccount();
    const stranger = { cookie: sessionCookie(await api.call('POST', '/api/auth/register', customer)) };
    const { cookie: staffCookie } = await staff.admin();
    for (const url of [pdf, html]) {
      expect((await get(url)).statusCode, `${url} to nobody`).toBe(404);
      expect((await get(`${url}?sessionId=${newGuestId()}`)).statusCode, `${url} to another guest`).toBe(404);
      expect((await get(url, stranger)).statusCode, `${url} to another customer`).toBe(404);
      expect((await get(`${url}?orderKey=${LINKS.keyFor(other.orderId)}`)).statusCode, `${url} with another order's key`).toBe(404);
      expect((await get(`${url}?orderKey=${LINKS.keyFor(orderId)}`)).statusCode, `${url} with its private link`).toBe(200);
      expect((await get(url, { cookie: staffCookie })).statusCode, `${url} to staff`).toBe(200);
    }
    // Another order's paper through this order's access, and a number never given.
    expect((await get(`/api/orders/${orderId}/papers/${other.papers[0]!.number}/pdf?sessionId=${other.guest}`)).statusCode).toBe(404);
    expect((await get(`/api/orders/${other.orderId}/papers/SL-AU-1999-000001?sessionId=${other.guest}`)).statusCode).toBe(404);
    // A path that names no paper is a page that does not exist.
    expect((await get(`/api/orders/${orderId}/papers/not-a-number?sessionId=${other.guest}`)).statusCode).toBe(404);
  });

  it('lists the private link\'s papers with its key, and a signed-in owner\'s without any', async () => {
    const account = newAccount();
    const user = { cookie: sessionCookie(await api.call('POST', '/api/auth/register', account)) };
    const created = (await api.call('POST', '/api/orders', { customerName: 'Mia Chen', customerEmail: account.email, customerPhone: '+61 2 9000 0000', serviceId: 1 }, { ...user, 'x-store-country': 'au', 'accept-language': 'en' })).json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved' }, user)).json();
    expect((await api.call('POST', '/api/confirm', { orderId: created.orderId, paymentKey, amount }, user)).statusCode).toBe(200);
    await papersNumbered(staff.db());
    const mine = (await get(`/api/orders/${created.orderId}`, user)).json().order.papers as Paper[];
    expect(mine[0]!.pdfUrl).toMatch(/\/pdf$/);
    expect((await get(mine[0]!.pdfUrl, user)).statusCode).toBe(200);
    const key = LINKS.keyFor(created.orderId);
    const linked = (await get(`/api/orders/${created.orderId}?key=${key}`)).json().order.papers as Paper[];
    expect(linked[0]!.pdfUrl).toBe(`${mine[0]!.pdfUrl}?orderKey=${key}`);
    expect((await get(linked[0]!.pdfUrl)).statusCode).toBe(200);
  });

  it('writes a refund\'s credit note naming the receipt it corrects', async () => {
    const { orderId, guest, papers } = await paid('au', 'en', { business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556' } });
    expect([200, 202]).toContain((await api.call('POST', `/api/orders/${orderId}/cancel`, { sessionId: guest })).statusCode);
    let note: Paper | undefined;
    for (let waited = 0; !note && waited < 3000; waited += 20) {
      await papersNumbered(staff.db());
      note = ((await get(`/api/orders/${orderId}?sessionId=${guest}`)).json().order.papers as Paper[]).find((p) => p.kind === 'credit_note');
      if (!note) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { text } = await pdfText((await get(note!.pdfUrl)).rawPayload);
    for (const expected of ['Credit note', note!.number, `Corrects ${papers[0]!.number}`, `Refund for order ${orderId}`, 'Total refunded', `This credit note corrects ${papers[0]!.number}`]) expect(text).toContain(expected);
  });

  it('makes the same PDF every time: a paper never changes after issue', async () => {
    const { papers } = await paid('kr', 'ko');
    const first = (await get(papers[0]!.pdfUrl)).rawPayload;
    const second = (await get(papers[0]!.pdfUrl)).rawPayload;
    expect(second.equals(first)).toBe(true);
  });
});

describe('the paid-order mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => { smtp = await startSmtpServer(); });
  afterAll(async () => smtp.stop());
  const server = useTestServer('pglite', () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true' }));
  const { api } = staffApi(server);

  it('carries the receipt and the tax invoice as PDFs, and names them; the business\'s address for papers gets it too', async () => {
    const guest = newGuestId();
    const email = `papers-${guest.slice(0, 8).toLowerCase()}@example.com`;
    const accounts = `accounts-${guest.slice(0, 8).toLowerCase()}@example.com`;
    const created = (await api.call('POST', '/api/orders', { customerName: 'Mia Chen', customerEmail: email, customerPhone: '+61 2 9000 0000', serviceId: 1, sessionId: guest, business: { company: 'Harbour Café Pty Ltd', taxId: '51 824 753 556', email: accounts } }, { 'x-store-country': 'au', 'accept-language': 'en' })).json();
    const { paymentKey, amount } = (await api.call('POST', '/api/payments/sandbox/authorize', { orderId: created.orderId, card: 'approved', sessionId: guest })).json();
    expect((await api.call('POST', '/api/confirm', { orderId: created.orderId, paymentKey, amount, sessionId: guest })).statusCode).toBe(200);
    const mail = await smtp.nextTo(email);
    expect(mail.to.sort()).toEqual([accounts, email].sort());
    expect(mail.attachments.map((a) => [a.mimeType, a.filename?.replace(/\d{6}/, 'N')])).toEqual([
      ['application/pdf', expect.stringMatching(/^SL-AU-\d{4}-N\.pdf$/)],
      ['application/pdf', expect.stringMatching(/^SL-AU-\d{4}-N\.pdf$/)],
    ]);
    const texts = await Promise.all(mail.attachments.map(async (a) => (await pdfText(a.content)).text));
    expect(texts[0]).toContain('Receipt');
    expect(texts[1]).toContain('Tax invoice');
    expect(texts[1]).toContain('Harbour Café Pty Ltd');
    const numbers = mail.attachments.map((a) => a.filename!.replace(/\.pdf$/, ''));
    expect(mail.text).toContain(`Attached as PDF: Receipt ${numbers[0]}, Tax invoice ${numbers[1]}.`);
    // Its total says what the store's rule says, and the GST in it, as the receipt has it.
    const gst = created.amount - Math.floor((created.amount * 20000 + 11000) / 22000);
    expect(mail.text).toMatch(new RegExp(`Amount paid \\(GST included\\): A\\$${(created.amount / 100).toFixed(2).replace('.', '\\.')}`));
    expect(mail.text).toMatch(new RegExp(`GST: A\\$${(gst / 100).toFixed(2).replace('.', '\\.')}`));

    // Cancelled within the window and refunded in full: the mail that says so carries the credit note.
    expect([200, 202]).toContain((await api.call('POST', `/api/orders/${created.orderId}/cancel`, { sessionId: guest })).statusCode);
    const refunded = await smtp.nextTo(email);
    expect(refunded.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^SL-AU-\d{4}-\d{6}\.pdf$/)]);
    const note = await pdfText(refunded.attachments[0]!.content);
    expect(note.text).toContain('Credit note');
    expect(note.text).toContain(`Corrects ${numbers[0]}`);
    expect(refunded.text).toContain(`Attached as PDF: Credit note ${refunded.attachments[0]!.filename!.replace(/\.pdf$/, '')}.`);
  });
});
