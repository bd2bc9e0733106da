/**
 * A conversation's mail goes only to a side that was not there (issue 35): a text not read within
 * the delay is mailed once, one mail gathering what that side wrote meanwhile, in the reader's
 * language (staff: Korean) with the way back to the thread; read in time, nothing is mailed; a
 * private note never is.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../../src/domain/guest.ts';
import { mailOutbox, orderConversations, orders } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { startSmtpServer } from './support/peers.ts';
import { paidGuestOrder } from './support/guest-orders.ts';
import { staffApi } from './support/staff.ts';

const STAFF_EMAIL = 'studio@shop.test';

describe.each(BACKENDS)('mail for unread messages on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => { smtp = await startSmtpServer(); });
  afterAll(async () => smtp.stop());
  const server = useTestServer(backend, () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', STAFF_EMAIL, MESSAGE_MAIL_DELAY_MS: '60000', ALLOW_TEST_PAYMENTS: 'true' }));
  const s = staffApi(server);


  /** The delay passes for this order's owed mails (the clock is not waited on). */
  const delayPasses = (orderId: string) => s.db().update(orderConversations)
    .set({ customerUnmailedSince: sql`${orderConversations.customerUnmailedSince} - interval '2 minutes'`, staffUnmailedSince: sql`${orderConversations.staffUnmailedSince} - interval '2 minutes'` })
    .where(eq(orderConversations.orderId, orderId));
  const runJob = () => server().app.jobs.runOnce('mail-unread-messages');
  /** The next mail to `address` whose subject starts so (an order's own mails come to the same inboxes). */
  async function mailTo(address: string, subject: string) {
    for (;;) {
      const mail = await smtp.nextTo(address);
      if (mail.subject.startsWith(subject)) return mail;
    }
  }
  const queued = async (orderId: string, kind: string) => (await s.db().select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).filter((m) => m.kind === kind);

  it("mails staff once, after the delay, with every text the customer wrote meanwhile", async () => {
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer, { lang: 'vi' });
    for (const body of ['Xin chào', 'Could the light be warmer?\nLike the sample.', 'Thanks!']) {
      expect((await s.call('POST', `/api/orders/${order.orderNumber}/messages`, { body, sessionId: buyer })).statusCode).toBe(201);
    }
    await runJob();
    expect(await queued(order.id, 'staff_messages')).toHaveLength(0);

    await delayPasses(order.id);
    await runJob();
    const mail = await mailTo(STAFF_EMAIL, '[스튜디오 루미] 고객 메시지');
    expect(mail.subject).toBe(`[스튜디오 루미] 고객 메시지: ${order.orderName}`);
    expect(mail.text).toContain('메시지 3개를 보냈습니다');
    expect(mail.text).toContain('Could the light be warmer?\nLike the sample.');
    expect(mail.html).toContain('white-space:pre-line');
    expect(mail.text).toContain(`https://shop.test/kr/admin?tab=orders&order=${order.id}`);
    // Nothing twice: the next pass finds nothing owed.
    await delayPasses(order.id);
    await runJob();
    expect(await queued(order.id, 'staff_messages')).toHaveLength(1);
  });

  it('mails the customer in their language through the private link, never a private note, and nothing once read in time', async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer, { lang: 'ja' });
    const post = (body: string, isPrivate = false) => s.call('POST', `/api/admin/orders/${order.id}/messages`, { body, private: isPrivate }, { cookie: admin.cookie });

    await post('Read in time');
    const thread = (await s.call('GET', `/api/orders/${order.orderNumber}/messages?sessionId=${buyer}`, undefined)).json();
    await s.call('POST', `/api/orders/${order.orderNumber}/messages/read`, { seq: thread.lastSeq, sessionId: buyer });
    await delayPasses(order.id);
    await runJob();
    expect(await queued(order.id, 'order_messages')).toHaveLength(0);

    await post('Draft tomorrow');
    await post('SECRET: the client is difficult', true);
    await delayPasses(order.id);
    await runJob();
    const mail = await mailTo(order.customerEmail, '【Studio Lumi】ご注文に新しいメッセージがあります');
    expect(mail.text).toContain('Draft tomorrow');
    expect(mail.text).not.toContain('Read in time');
    expect(mail.text + mail.html).not.toContain('SECRET');
    expect(mail.text).toMatch(new RegExp(`https://shop\\.test/kr/orders/${order.orderNumber}\\?key=`));

    // A later text is a later mail, with only itself; a private note alone owes none.
    await post('Final files on Friday');
    await delayPasses(order.id);
    await runJob();
    const next = await mailTo(order.customerEmail, '【Studio Lumi】ご注文に新しいメッセージがあります');
    expect(next.text).toContain('Final files on Friday');
    expect(next.text).not.toContain('Draft tomorrow');
    await post('SECRET again', true);
    await delayPasses(order.id);
    await runJob();
    expect(await queued(order.id, 'order_messages')).toHaveLength(2);
  });

  it("sends staff's comment through the same delay instead of at once", async () => {
    const admin = await s.admin();
    const buyer = newGuestId();
    const order = await paidGuestOrder(s, buyer, { lang: 'en' });
    await s.call('PATCH', `/api/orders/${order.id}/comments`, { comments: 'Shooting on Monday.' }, { cookie: admin.cookie });
    expect(await queued(order.id, 'order_comment')).toHaveLength(0);
    await delayPasses(order.id);
    await runJob();
    const mail = await mailTo(order.customerEmail, '[Studio Lumi] New messages about your order');
    expect(mail.text).toContain('Shooting on Monday.');
  });
});
