/**
 * Deliverables in the browser (issue 9): staff start work, comment and send a draft from the order
 * detail; the customer receives each e-mail (the run's SMTP catcher), downloads the draft from My
 * Page and asks for a revision with a note; staff find the request on the order.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { mailTo, mailsTo } from './mail-catcher.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('staff send a draft; the customer gets the mails, downloads it and asks for a revision', async ({ browser, consoleErrors: _ }) => {
  test.slow();
  // The customer has paid for service 1 (sandbox), set up through the API: buying has its own tests.
  const customer = await (await browser.newContext()).newPage();
  const email = `draft.${unique()}@example.com`;
  await customer.request.post('/api/auth/register', { data: { email, username: `draft${unique()}`, password: 'lumi-buyer-7', firstName: '서연', lastName: '최', phone: '010-7777-8888' } });
  const order = await (await customer.request.post('/api/orders', { data: { customerName: '최서연', customerEmail: email, customerPhone: '010-7777-8888', serviceId: 1, quantity: 3, country: 'kr' }, headers: { 'x-store-country': 'kr', 'accept-language': 'ko' } })).json();
  const { paymentKey } = await (await customer.request.post('/api/payments/sandbox/authorize', { data: { orderId: order.orderId, card: 'approved' } })).json();
  expect((await customer.request.post('/api/confirm', { data: { orderId: order.orderId, amount: order.amount, paymentKey } })).status()).toBe(200);

  // Staff start the work, comment, and send the draft.
  const staff = await browser.newPage();
  await staff.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  await staff.goto(`/kr/admin?tab=orders&order=${order.id}`);
  await hydrated(staff);
  const detail = staff.locator('[data-order-detail]');
  await detail.locator('select[data-status-select]').selectOption('in_progress');
  await detail.locator('button[data-save-status]').click();
  await expect(detail.locator('[data-history] li').last()).toContainText('작업진행중');
  await detail.getByLabel('고객에게 보이는 코멘트').fill('배경을 두 가지로 준비했습니다.');
  await detail.getByRole('button', { name: '코멘트 저장' }).click();
  await expect(staff.getByText('코멘트 업데이트 완료')).toBeVisible();

  const draft = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4d' } }).png().toBuffer();
  const deliver = detail.locator('[data-deliver]');
  await expect(deliver.getByRole('radio', { name: '시안' })).toBeChecked();
  await deliver.getByLabel('파일', { exact: true }).setInputFiles({ name: '시안-1.png', mimeType: 'image/png', buffer: draft });
  await deliver.getByRole('button', { name: '시안 보내기 (1개)' }).click();
  await expect(staff.getByText('파일 전달 완료')).toBeVisible();
  await expect(detail.locator('select[data-status-select]')).toHaveValue('draft_delivered');
  await expect(detail.locator('[data-history] li').last()).toContainText('시안 전달 완료');
  await expect(detail.locator('[data-staff-deliverables] [data-deliverable="draft"]')).toContainText('시안-1.png');
  await expect(detail.locator('[data-revision-count]')).toContainText('무료 수정 1회 중 0회 사용');

  // Each change reached the customer's inbox, in Korean.
  await mailTo(email, '[스튜디오 루미] 주문 상태가 바뀌었습니다: 작업진행중');
  // The comment is staff's message in the order's conversation: mailed only if unread after a few
  // minutes (conversation-mail.test.ts), so not here.
  const ready = await mailTo(email, '[스튜디오 루미] 주문 상태가 바뀌었습니다: 시안 전달 완료');
  expect(ready.text).toContain('7일 이내에 승인하거나 수정을 요청할 수 있습니다');
  expect(ready.text).toContain('/kr/profile');

  // My Page: the draft downloads as it was sent; the review box says what is allowed.
  await customer.goto('/kr/profile');
  await hydrated(customer);
  const card = customer.locator(`[data-order="${order.orderId}"]`);
  await expect(card.locator('[data-status]')).toHaveText('시안 전달 완료');
  await expect(card.locator('[data-deliverable="draft"]')).toContainText('시안-1.png');
  const downloading = customer.waitForEvent('download');
  await card.getByRole('link', { name: '내려받기: 시안-1.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('시안-1.png');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(draft)).toBe(true);

  const review = card.locator('[data-review]');
  await expect(review.locator('[data-revisions]')).toHaveText('남은 무료 수정: 1회 중 1회');
  await review.getByRole('button', { name: '수정 요청' }).click();
  await review.getByRole('button', { name: '수정 요청 보내기' }).click();
  await expect(review.getByRole('alert')).toHaveText('수정할 내용을 적어 주세요.');
  const axe = await new AxeBuilder({ page: customer }).include('[data-order]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await review.getByLabel('무엇을 수정할까요?').fill('배경을 조금 더 밝게 해 주세요.');
  await review.getByRole('button', { name: '수정 요청 보내기' }).click();
  await expect(customer.getByText('수정 요청 완료')).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveText('작업진행중');
  await expect(card.locator('[data-review]')).toHaveCount(0);

  // Staff are told, and find the request in the customer's words on the order.
  await expect.poll(() => mailsTo(E2E_ADMIN.email).some((mail) => mail.subject.startsWith('[스튜디오 루미] 수정 요청 (1회차)') && mail.text.includes(email) && mail.text.includes('배경을 조금 더 밝게 해 주세요.'))).toBe(true);
  await staff.reload();
  await expect(detail.locator('[data-revisions]')).toContainText('배경을 조금 더 밝게 해 주세요.');
  await expect(detail.locator('[data-revision-count]')).toContainText('무료 수정 1회 중 1회 사용');
  await expect(detail.locator('select[data-status-select]')).toHaveValue('in_progress');
});
