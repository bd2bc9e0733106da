/**
 * Password reset end to end: the e-mail goes out over SMTP to a real server on loopback, in the
 * visitor's language, and its link resets the password once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';
import { startSmtpServer } from './support/peers.ts';

describe.each(BACKENDS)('password reset by e-mail on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer(backend, () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true', MAIL_FROM: 'Studio Lumi <hello@shop.test>' }));
  const api = client(server);

  async function requestReset(email: string, lang = 'ko', country = 'kr') {
    const response = await api.call('POST', '/api/auth/forgot-password', { email }, { 'accept-language': lang, 'x-store-country': country });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    const link = /https:\/\/shop\.test\/(\w\w)\/reset-password\?token=([\w-]+)/.exec(mail.text);
    expect(link, mail.text).toBeTruthy();
    return { mail, country: link![1], token: link![2]! };
  }

  it('mails a link in the visitor language that sets a new password once and ends every session', async () => {
    const account = newAccount();
    const registered = await api.call('POST', '/api/auth/register', account);
    const otherDevice = await api.call('POST', '/api/auth/login', { email: account.email, password: account.password });

    const { mail, country, token } = await requestReset(account.email);
    expect(mail.subject).toBe('[스튜디오 루미] 비밀번호 재설정 안내');
    expect(mail.text).toContain('민수님, 안녕하세요.');
    expect(mail.html).toContain(`https://shop.test/kr/reset-password?token=${token}`);
    expect(country).toBe('kr');

    const reset = await api.call('POST', '/api/auth/reset-password', { token, password: 'brand-new-1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('비밀번호가 변경되었습니다. 새 비밀번호로 로그인해주세요.');

    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: 'brand-new-1' })).statusCode).toBe(200);
    for (const session of [registered, otherDevice]) {
      expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(session) })).json().user).toBeNull();
    }
    const reused = await api.call('POST', '/api/auth/reset-password', { token, password: 'another-22' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('writes in the language the page was shown in, with a link to that store', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const { mail, country } = await requestReset(account.email, 'vi', 'vn');
    expect(mail.subject).toBe('[Studio Lumi] Đặt lại mật khẩu');
    expect(country).toBe('vn');
  });

  it('refuses a link older than an hour', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const { token } = await requestReset(account.email, 'en', 'us');
    await server().database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await api.call('POST', '/api/auth/reset-password', { token, password: 'too-late-1' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This reset link is invalid or has expired.');
    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const { token } = await requestReset(account.email);
    const results = await Promise.all([
      api.call('POST', '/api/auth/reset-password', { token, password: 'first-wins-1' }),
      api.call('POST', '/api/auth/reset-password', { token, password: 'second-one-2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('sends nothing for an address without an account', async () => {
    const response = await api.call('POST', '/api/auth/forgot-password', { email: `ghost${Date.now()}@example.com` });
    expect(response.statusCode).toBe(200);
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    // The next mail to arrive is this one: the ghost got none.
    const { mail } = await requestReset(account.email);
    expect(mail.to).toEqual([account.email]);
    expect(smtp.inbox).toHaveLength(0);
  });
});
