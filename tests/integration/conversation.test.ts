/**
 * The order's conversation over HTTP (issue 35): the customer's side (a signed-in buyer, a guest by
 * its browser's id, the private link's holder) and staff write and read one thread; staff's private
 * notes and their files never reach the customer's side; files are the caller's own uploads, claimed
 * once; a refused message stores nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { orderMessages, orders, uploadedFiles } from '../../src/server/db/schema.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { multipart, png } from './support/files.ts';
import { paidGuestOrder } from './support/guest-orders.ts';
import { staffApi } from './support/staff.ts';

const links = createOrderLinks('test-cookie-secret-0123456789abcdef', 'http://localhost');

describe.each(BACKENDS)('the order conversation on %s', (backend) => {
  const server = useTestServer(backend);
  const s = staffApi(server);


  /** Uploads as a guest (its id) or as a signed-in user (a cookie). */
  async function upload(as: { guest: string } | { cookie: string }, name = 'look.png') {
    const form = await multipart([{ name, data: await png() }]);
    const url = 'guest' in as ? `/api/uploads?sessionId=${as.guest}` : '/api/uploads';
    const response = await s.inject({ method: 'POST', url, payload: form.payload, headers: { 'content-type': form.contentType, ...('cookie' in as ? { cookie: as.cookie } : {}) } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().files[0] as { id: string; url: string };
  }

  const storedTexts = async (orderId: string) => (await s.db().select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(orderMessages.seq))
    .filter((m) => m.kind === 'text').map((m) => m.body);

  it("lets the buyer's browser, the private link and staff talk in one thread, and keeps staff's notes to staff", async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const key = links.keyFor(order.orderNumber);
    const linkBrowser = newGuestId();

    const asked = await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Could the background be brighter?\nAnd see https://example.com/ref', sessionId: buyer });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().message).toMatchObject({ kind: 'text', side: 'customer', private: false, body: 'Could the background be brighter?\nAnd see https://example.com/ref', files: [] });
    const note = await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'INTERNAL: the client called about colours', private: true }, { cookie: admin.cookie });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().message).toMatchObject({ side: 'staff', private: true, author: admin.account.email });
    const answer = await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Yes, tomorrow.' }, { cookie: admin.cookie });
    expect(answer.json().message).toMatchObject({ side: 'staff', private: false });
    const fromLink = await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Thank you!', orderKey: key, sessionId: linkBrowser });
    expect(fromLink.statusCode, fromLink.body).toBe(201);

    // The customer's side: the order's story and every text but the note, in order.
    for (const query of [`sessionId=${buyer}`, `key=${key}&sessionId=${linkBrowser}`]) {
      const thread = await s.call('GET', `/api/orders/${order.orderNumber}/messages?${query}`, undefined);
      expect(thread.statusCode, thread.body).toBe(200);
      const read = thread.json();
      expect(read.messages.map((m: { kind: string; event: string | null; body: string | null }) => m.event ?? m.body)).toEqual(['paid', 'Could the background be brighter?\nAnd see https://example.com/ref', 'Yes, tomorrow.', 'Thank you!']);
      expect(thread.body).not.toContain('INTERNAL');
      expect(read.messages.every((m: { private: boolean }) => !m.private)).toBe(true);
      expect(read).toMatchObject({ hasMore: false, lastSeq: read.messages.at(-1).seq });
    }
    // Staff read all of it, the note with who wrote it.
    const staffThread = (await s.call('GET', `/api/admin/orders/${order.id}/messages`, undefined, { cookie: admin.cookie })).json();
    expect(staffThread.messages.map((m: { event: string | null; body: string | null; private: boolean }) => [m.event ?? m.body, m.private])).toEqual([
      ['paid', false], ['Could the background be brighter?\nAnd see https://example.com/ref', false], ['INTERNAL: the client called about colours', true], ['Yes, tomorrow.', false], ['Thank you!', false],
    ]);
    // Nor does the order itself carry the note anywhere.
    expect((await s.call('GET', `/api/orders/${order.orderNumber}?sessionId=${buyer}`, undefined)).body).not.toContain('INTERNAL');

    // Pages: after a seq, a limit, and whether more follow.
    const first = (await s.call('GET', `/api/orders/${order.orderNumber}/messages?sessionId=${buyer}&limit=2`, undefined)).json();
    expect(first.messages).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const rest = (await s.call('GET', `/api/orders/${order.orderNumber}/messages?sessionId=${buyer}&after=${first.lastSeq}`, undefined)).json();
    expect(rest.messages.map((m: { body: string }) => m.body)).toEqual(['Yes, tomorrow.', 'Thank you!']);
    expect(rest.hasMore).toBe(false);
  });

  it('answers everyone else as if the order did not exist, and stores nothing they send', async () => {
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const stranger = await s.customer();
    const attempts = [
      s.call('GET', `/api/orders/${order.orderNumber}/messages?sessionId=${newGuestId()}`, undefined),
      s.call('GET', `/api/orders/${order.orderNumber}/messages`, undefined, { cookie: stranger.cookie }),
      s.call('GET', `/api/orders/${order.orderNumber}/messages?key=${links.keyFor('SL-20260101-ZZZZ')}&sessionId=${newGuestId()}`, undefined),
      s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Hi', sessionId: newGuestId() }),
      s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Hi' }, { cookie: stranger.cookie }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    // A customer is not staff: the staff routes say so before reading anything.
    expect((await s.call('GET', `/api/admin/orders/${order.id}/messages`, undefined, { cookie: stranger.cookie })).statusCode).toBe(403);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'x' })).statusCode).toBe(401);
    expect(await storedTexts(order.id)).toEqual([]);
  });

  it('takes 4,000 characters and line breaks, and refuses more, nothing or control characters', async () => {
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const longest = `${'가'.repeat(3999)}\n`.slice(0, 4000);
    for (const [body, status] of [['x'.repeat(4001), 400], ['   \n ', 400], ['bell\u0007', 400], [42, 400], [`${'가'.repeat(3998)}나다`, 201]] as const) {
      const response = await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body, sessionId: buyer });
      expect(response.statusCode, String(body).slice(0, 10)).toBe(status);
    }
    expect(longest.length).toBe(4000);
    expect((await storedTexts(order.id)).map((b) => b?.length)).toEqual([4000]);
  });

  it("attaches the caller's own uploads once; a private note's file is staff's alone and no message's file is a deliverable", async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const key = links.keyFor(order.orderNumber);

    const mine = await upload({ guest: buyer });
    const theirs = await upload({ guest: newGuestId() });
    const refused = await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Two files', files: [mine.id, theirs.id], sessionId: buyer });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { files: expect.stringContaining('upload it again') } });
    expect(await storedTexts(order.id)).toEqual([]);
    expect((await s.db().select().from(uploadedFiles).where(eq(uploadedFiles.id, mine.id)))[0]).toMatchObject({ purpose: 'reference', orderId: null, messageId: null });

    const sent = await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Like this', files: [mine.id], sessionId: buyer });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message.files).toMatchObject([{ id: mine.id, name: 'look.png' }]);
    // Used once: the same file again is refused.
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Again', files: [mine.id], sessionId: buyer })).statusCode).toBe(400);

    const staffFile = await upload({ cookie: admin.cookie }, 'colours.png');
    const noteFile = await upload({ cookie: admin.cookie }, 'internal.png');
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Palette attached', files: [staffFile.id] }, { cookie: admin.cookie })).statusCode).toBe(201);
    expect((await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Our notes', files: [noteFile.id], private: true }, { cookie: admin.cookie })).statusCode).toBe(201);

    const read = (url: string, headers: Record<string, string> = {}) => s.inject({ method: 'GET', url, headers });
    const linkQuery = `order=${order.orderNumber}&key=${key}`;
    // The staff's file in a public message reaches the buyer and the link; the note's, staff alone.
    expect((await read(staffFile.url, { 'x-guest-id': buyer })).statusCode).toBe(200);
    expect((await read(`${staffFile.url}?${linkQuery}`)).statusCode).toBe(200);
    expect((await read(noteFile.url, { 'x-guest-id': buyer })).statusCode).toBe(404);
    expect((await read(`${noteFile.url}?${linkQuery}`)).statusCode).toBe(404);
    expect((await read(noteFile.url, { cookie: admin.cookie })).statusCode).toBe(200);
    // The link holder's thread links files through the link.
    const viaLink = (await s.call('GET', `/api/orders/${order.orderNumber}/messages?key=${key}&sessionId=${newGuestId()}`, undefined)).json();
    expect(viaLink.messages.flatMap((m: { files: Array<{ url: string }> }) => m.files.map((f) => f.url))).toEqual([`${mine.url}?${linkQuery}`, `${staffFile.url}?${linkQuery}`]);
    expect(JSON.stringify(viaLink)).not.toContain('internal.png');
    // Messages' files are not deliverables.
    expect((await s.call('GET', `/api/orders/${order.orderNumber}?sessionId=${buyer}`, undefined)).json().order.deliverables).toEqual([]);
  });

  it('counts unread per reader: the other side\'s texts after what each has read, never a private note or one\'s own', async () => {
    const [first, second] = [await s.admin(), await s.admin()];
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer);
    const customerView = async () => (await s.call('GET', `/api/orders/${order.orderNumber}/messages?sessionId=${buyer}`, undefined)).json();
    const listed = async (cookie: string) => ((await s.call('GET', `/api/orders?q=${order.orderNumber}`, undefined, { cookie })).json().orders as Array<{ id: string; unread: number; awaitingReplySince: string | null }>).find((o) => o.id === order.id)!;
    const waiting = async () => (await s.call('GET', '/api/admin/overview', undefined, { cookie: first.cookie })).json().awaitingReply as { count: number; oldest: Array<{ orderId: string }> };

    await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'One', sessionId: buyer });
    await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body: 'Two', sessionId: buyer });
    expect(await listed(first.cookie)).toMatchObject({ unread: 2, awaitingReplySince: expect.any(String) });
    expect((await waiting()).oldest.map((o) => o.orderId)).toContain(order.id);
    // The writer has seen what they wrote.
    expect(await customerView()).toMatchObject({ unread: 0, readSeq: expect.any(Number) });

    const thread = (await s.call('GET', `/api/admin/orders/${order.id}/messages`, undefined, { cookie: first.cookie })).json();
    expect(thread).toMatchObject({ unread: 2, readSeq: 0 });
    const read = await s.call('POST', `/api/admin/orders/${order.id}/messages/read`, { seq: thread.lastSeq }, { cookie: first.cookie });
    expect(read.json()).toMatchObject({ success: true, unread: 0, readSeq: thread.lastSeq });
    expect((await listed(first.cookie)).unread).toBe(0);
    expect((await listed(second.cookie)).unread).toBe(2);

    // A private note is nothing to the customer; a public answer is one unread, and ends the wait.
    await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Note', private: true }, { cookie: second.cookie });
    expect((await customerView()).unread).toBe(0);
    expect((await listed(first.cookie)).awaitingReplySince).not.toBeNull();
    await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Answer', private: false }, { cookie: second.cookie });
    expect((await customerView()).unread).toBe(1);
    expect((await listed(first.cookie)).awaitingReplySince).toBeNull();
    expect((await waiting()).oldest.map((o) => o.orderId)).not.toContain(order.id);
    // Staff's own texts are never unread to staff.
    expect((await listed(first.cookie)).unread).toBe(0);

    // Reading past the end stops at the last message the customer can see (not the note after it); reading back changes nothing.
    await s.call('POST', `/api/admin/orders/${order.id}/messages`, { body: 'Later note', private: true }, { cookie: second.cookie });
    const marked = (await s.call('POST', `/api/orders/${order.orderNumber}/messages/read`, { seq: Number.MAX_SAFE_INTEGER, sessionId: buyer })).json();
    const last = (await customerView()).lastSeq;
    expect(marked).toMatchObject({ unread: 0, readSeq: last });
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/messages/read`, { seq: 1, sessionId: buyer })).json()).toMatchObject({ readSeq: last });
    // Marking read is the customer's side's: staff and strangers are told the order does not exist.
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/messages/read`, { seq: 1 }, { cookie: first.cookie })).statusCode).toBe(404);
    expect((await s.call('POST', `/api/orders/${order.orderNumber}/messages/read`, { seq: 1, sessionId: newGuestId() })).statusCode).toBe(404);
  });
  it("tells a signed-in person what waits for them across their orders (the top bar's menu), and staff how many customers wait", async () => {
    const admin = await s.admin();
    const me = await s.customer();
    const other = await s.customer();
    const [first, second] = [await s.paidOrder(me.cookie, me.account.email), await s.paidOrder(me.cookie, me.account.email)];
    const theirs = await s.paidOrder(other.cookie, other.account.email);
    const waiting = async (cookie: string) => (await s.call('GET', '/api/messages/waiting', undefined, { cookie })).json();
    const staffSays = (orderId: string, body: string, isPrivate = false) => s.call('POST', `/api/admin/orders/${orderId}/messages`, { body, private: isPrivate }, { cookie: admin.cookie });

    expect(await waiting(me.cookie)).toEqual({ success: true, unread: 0, awaitingReply: null });
    await staffSays(first.id, 'One');
    await staffSays(first.id, 'Two');
    await staffSays(second.id, 'Three');
    await staffSays(second.id, 'A note', true);
    await staffSays(theirs.id, 'Not yours');
    expect(await waiting(me.cookie)).toMatchObject({ unread: 3, awaitingReply: null });
    expect(await waiting(other.cookie)).toMatchObject({ unread: 1 });
    // Reading one order's thread leaves the other's.
    const thread = (await s.call('GET', `/api/orders/${first.orderNumber}/messages`, undefined, { cookie: me.cookie })).json();
    await s.call('POST', `/api/orders/${first.orderNumber}/messages/read`, { seq: thread.lastSeq }, { cookie: me.cookie });
    expect(await waiting(me.cookie)).toMatchObject({ unread: 1 });

    // Staff: the orders whose customer wrote last, one more when a customer writes, one fewer when answered.
    const before = (await waiting(admin.cookie)).awaitingReply as number;
    await s.call('POST', `/api/orders/${second.orderNumber}/messages`, { body: 'A question' }, { cookie: me.cookie });
    expect(await waiting(admin.cookie)).toMatchObject({ awaitingReply: before + 1 });
    await s.call('POST', `/api/orders/${theirs.orderNumber}/messages`, { body: 'Another question' }, { cookie: other.cookie });
    // The staff list's filter: only those orders, the longest waiting first, and the same count.
    const list = (await s.call('GET', '/api/orders?waiting=true&pageSize=100', undefined, { cookie: admin.cookie })).json();
    const ids = (list.orders as Array<{ id: string; awaitingReplySince: string }>).map((o) => o.id);
    expect(list.total).toBe(before + 2);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(theirs.id));
    expect((list.orders as Array<{ awaitingReplySince: string | null }>).every((o) => o.awaitingReplySince !== null)).toBe(true);
    expect((await s.call('GET', '/api/orders?waiting=yes', undefined, { cookie: admin.cookie })).statusCode).toBe(400);
    await staffSays(second.id, 'The answer');
    await staffSays(theirs.id, 'Another answer');
    expect(await waiting(admin.cookie)).toMatchObject({ awaitingReply: before });
    expect((await s.call('GET', '/api/orders?waiting=true&pageSize=100', undefined, { cookie: admin.cookie })).json().orders.map((o: { id: string }) => o.id)).not.toContain(second.id);
    // Nobody signed in: 401, and the answer is never stored by a cache.
    const anonymous = await s.call('GET', '/api/messages/waiting', undefined);
    expect(anonymous.statusCode).toBe(401);
    expect((await s.call('GET', '/api/messages/waiting', undefined, { cookie: me.cookie })).headers['cache-control']).toBe('no-store');
  });
});
