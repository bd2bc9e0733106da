/** The mails deliverables send: in the customer's language to them, in Korean to staff. */
import { describe, expect, it } from 'vitest';
import { orderFilesMail, orderStatusMail } from '../../src/server/features/orders/order-mails.ts';
import type { OrderWithDetails } from '../../src/server/features/orders/orders.service.ts';
import { createOrderLinks } from '../../src/server/features/orders/order-links.ts';
import { staffReviewMail } from '../../src/server/features/deliverables/review-mails.ts';

const links = createOrderLinks('unit-secret-0123456789abcdef0123', 'https://store.example');
const details = (overrides: Partial<OrderWithDetails['order']> = {}) => ({
  order: {
    id: '00000000-0000-4000-8000-000000000001', orderNumber: 'SL-unit0001', customerName: 'Jane Doe', customerEmail: 'jane@example.com',
    orderName: 'Food studio x 3', language: 'en', country: 'us', isGuestOrder: false, status: 'draft_delivered', ...overrides,
  },
  lines: [], history: [], brief: null, deliverables: [],
}) as unknown as OrderWithDetails;

describe('deliverable mails', () => {
  it('tells the customer a draft is ready and how long they have to answer', () => {
    const mail = orderStatusMail(details(), { from: 'in_progress', to: 'draft_delivered' }, 'https://store.example', links);
    expect(mail.to).toBe('jane@example.com');
    expect(mail.subject).toBe('[Studio Lumi] Your order is now: Draft delivered');
    expect(mail.text).toContain('Within 7 days you can approve it or ask for a revision.');
    expect(mail.text).toContain('https://store.example/us/profile');
  });

  it('says final files are ready, and sends a guest to the private order page', () => {
    const mail = orderFilesMail(details({ isGuestOrder: true, language: 'vi', country: 'vn' }), { purpose: 'final', count: 3 }, 'https://store.example', links);
    expect(mail.subject).toBe('[Studio Lumi] Đơn hàng của bạn có tệp mới');
    expect(mail.text).toContain('3 tệp');
    expect(mail.text).toContain(`key=${links.keyFor('SL-unit0001')}`);
    expect(mail.text).not.toContain('Trong vòng 7 ngày');
  });

  it('gives staff the revision request in the customer\'s words, in Korean', () => {
    const mail = staffReviewMail(details(), { decision: 'revision', note: 'A brighter background, please.', round: '2' }, 'staff@example.com', 'https://store.example');
    expect(mail.subject).toBe('[스튜디오 루미] 수정 요청 (2회차): Food studio x 3');
    expect(mail.text).toContain('A brighter background, please.');
    expect(mail.text).toContain('https://store.example/kr/admin?tab=orders&order=00000000-0000-4000-8000-000000000001');
    expect(staffReviewMail(details(), { decision: 'approved' }, 'staff@example.com', 'https://store.example').subject).toBe('[스튜디오 루미] 시안 승인: Food studio x 3');
  });
});
