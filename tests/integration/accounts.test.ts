import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { commonPasswordBucket } from '../../src/domain/validation/password-rule.ts';
import { passwordResetTokens, userSessions, users } from '../../src/server/db/schema.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';

describe.each(BACKENDS)('accounts API on %s', (backend) => {
  const server = useTestServer(backend);
  const api = client(server);

  describe('register', () => {
    it('creates the account, signs it in and never returns password material', async () => {
      const account = newAccount();
      const response = await api.call('POST', '/api/auth/register', account);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ success: true, message: '환영합니다!', user: { email: account.email, username: account.username, firstName: '민수', lastName: '김', phone: '010-1234-5678', role: 'customer' } });
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const [row] = await server().database.db.select().from(users).where(eq(users.email, account.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const [session] = await server().database.db.select().from(userSessions).where(eq(userSessions.userId, row!.id));
      expect(session?.tokenHash).not.toBe(body.token);
      expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('omits the optional phone', async () => {
      const response = await api.call('POST', '/api/auth/register', newAccount({ phone: '' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user.phone).toBeNull();
    });

    it('explains every rule of SPEC section 5 in the request language', async () => {
      const response = await api.call('POST', '/api/auth/register', { email: 'nope', username: 'ab', password: '123', firstName: ' ', lastName: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        email: '올바른 이메일을 입력해주세요.',
        password: '비밀번호는 최소 6자 이상이어야 합니다.',
        firstName: '필수 입력 항목입니다.',
        lastName: '필수 입력 항목입니다.',
      });
      const english = await api.call('POST', '/api/auth/register', { email: 'nope' }, { 'accept-language': 'en' });
      expect(english.json().fields.email).toBe('Please enter a valid e-mail address.');
    });

    it('refuses an e-mail that is taken, whatever its case, with a clear 409', async () => {
      const account = newAccount();
      expect((await api.call('POST', '/api/auth/register', account)).statusCode).toBe(201);
      const again = await api.call('POST', '/api/auth/register', newAccount({ email: account.email.toUpperCase() }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: '이미 사용 중인 이메일입니다.' });
    });

    it('gives a taken username a suffix instead of refusing (D18)', async () => {
      const first = newAccount();
      await api.call('POST', '/api/auth/register', first);
      // Same local part at another provider: minsu@naver.com and minsu@gmail.com.
      const response = await api.call('POST', '/api/auth/register', newAccount({ email: first.email.replace('@example.com', '@other.example') }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user.username).toMatch(new RegExp(`^${first.username}\\d{4}$`));
    });

    it('makes one account of two simultaneous sign-ups for one address', async () => {
      const account = newAccount();
      const responses = await Promise.all([
        api.call('POST', '/api/auth/register', account),
        api.call('POST', '/api/auth/register', { ...account, username: `${account.username}x` }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await server().database.db.select().from(users).where(eq(sql`lower(${users.email})`, account.email.toLowerCase()));
      expect(rows).toHaveLength(1);
    });
  });

  describe('sessions', () => {
    it('knows the caller by cookie or by Bearer token, and nobody without one', async () => {
      const registered = await api.call('POST', '/api/auth/register', newAccount());
      const { token, user } = registered.json();
      expect((await api.call('GET', '/api/auth/me')).json()).toEqual({ success: true, user: null });
      expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(registered) })).json().user.id).toBe(user.id);
      expect((await api.call('GET', '/api/auth/me', undefined, { authorization: `Bearer ${token}` })).json().user.id).toBe(user.id);
      expect((await api.call('GET', '/api/auth/me', undefined, { authorization: 'Bearer nonsense' })).json().user).toBeNull();
    });

    it('logs in with the right password only, and says the same for an unknown address', async () => {
      const account = newAccount();
      await api.call('POST', '/api/auth/register', account);
      const wrong = await api.call('POST', '/api/auth/login', { email: account.email, password: 'wrong-one' });
      const unknown = await api.call('POST', '/api/auth/login', { email: `nobody${Date.now()}@example.com`, password: 'whatever1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
      expect(unknown.json().message).toBe(wrong.json().message);
      const right = await api.call('POST', '/api/auth/login', { email: account.email.toUpperCase(), password: account.password });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ success: true, message: '로그인되었습니다.', user: { email: account.email } });
      expect(sessionCookie(right)).toMatch(/^sid=/);
    });

    it('checks login input before anything else', async () => {
      const response = await api.call('POST', '/api/auth/login', { email: 'x', password: '1' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ email: '올바른 이메일을 입력해주세요.', password: '비밀번호는 최소 6자 이상이어야 합니다.' });
      expect((await api.call('POST', '/api/auth/login', 'not json')).statusCode).toBe(400);
    });

    it('ends the session on logout, for the cookie and the token alike', async () => {
      const registered = await api.call('POST', '/api/auth/register', newAccount());
      const { token } = registered.json();
      const out = await api.call('POST', '/api/auth/logout', undefined, { authorization: `Bearer ${token}` });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(registered) })).json().user).toBeNull();
    });

    it('does not accept an expired session', async () => {
      const registered = await api.call('POST', '/api/auth/register', newAccount());
      await server().database.db.update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userSessions.userId, registered.json().user.id));
      expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(registered) })).json().user).toBeNull();
    });
  });

  describe('check-email', () => {
    it('tells whether an address is free, ignoring case', async () => {
      const account = newAccount();
      expect((await api.call('POST', '/api/auth/check-email', { email: account.email })).json()).toEqual({ success: true, available: true });
      await api.call('POST', '/api/auth/register', account);
      expect((await api.call('POST', '/api/auth/check-email', { email: account.email.toUpperCase() })).json().available).toBe(false);
      expect((await api.call('POST', '/api/auth/check-email', { email: '' })).statusCode).toBe(400);
    });
  });

  describe('common-passwords', () => {
    it('hands the page the bucket of common passwords that a typed password falls in, and the server refuses what the bucket holds', async () => {
      const bucket = commonPasswordBucket('123456');
      const response = await api.call('GET', `/api/auth/common-passwords/${bucket}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const { passwords } = response.json() as { passwords: string[] };
      expect(passwords).toContain('123456');
      expect(passwords.every((p) => commonPasswordBucket(p) === bucket && p.length >= 6)).toBe(true);
      const refused = await api.call('POST', '/api/auth/register', newAccount({ password: passwords[passwords.length - 1]!.toUpperCase() }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ password: '너무 흔해서 추측하기 쉬운 비밀번호입니다. 다른 비밀번호를 사용해주세요.' });
    });

    it('answers 404 for a bucket that does not exist', async () => {
      for (const bucket of ['256', '-1', 'abc', '1.5', '0001']) {
        expect((await api.call('GET', `/api/auth/common-passwords/${bucket}`)).statusCode, bucket).toBe(404);
      }
    });
  });

  describe('profile', () => {
    it('needs a signed-in caller', async () => {
      const response = await api.call('GET', '/api/auth/profile');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: '로그인이 필요합니다.' });
      expect((await api.call('PUT', '/api/auth/profile', newAccount())).statusCode).toBe(401);
    });

    it('reads and updates the member info', async () => {
      const registered = await api.call('POST', '/api/auth/register', newAccount());
      const auth = { authorization: `Bearer ${registered.json().token}` };
      expect((await api.call('GET', '/api/auth/profile', undefined, auth)).json().user.firstName).toBe('민수');
      const changes = { email: `changed${Date.now()}@example.com`, username: `changed${Date.now() % 100000}`, firstName: '지민', lastName: '박', phone: '' };
      const updated = await api.call('PUT', '/api/auth/profile', { ...changes, currentPassword: 'secret12' }, auth);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ success: true, message: '프로필이 수정되었습니다.', user: { ...changes, phone: null } });
      expect((await api.call('GET', '/api/auth/profile', undefined, auth)).json().user.email).toBe(changes.email);
    });

    it('refuses an e-mail or username that another member has, and bad input', async () => {
      const other = newAccount();
      await api.call('POST', '/api/auth/register', other);
      const registered = await api.call('POST', '/api/auth/register', newAccount());
      const auth = { authorization: `Bearer ${registered.json().token}` };
      const mine = registered.json().user;
      const base = { email: mine.email, username: mine.username, firstName: '민수', lastName: '김' };
      expect((await api.call('PUT', '/api/auth/profile', { ...base, email: other.email, currentPassword: 'secret12' }, auth)).json().code).toBe('EMAIL_TAKEN');
      expect((await api.call('PUT', '/api/auth/profile', { ...base, username: other.username }, auth)).json().code).toBe('USERNAME_TAKEN');
      const bad = await api.call('PUT', '/api/auth/profile', { ...base, firstName: '' }, auth);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ firstName: '필수 입력 항목입니다.' });
    });
  });

  describe('staff list of users (D5)', () => {
    it('answers 401 to anonymous callers, 403 to customers and the list to admins', async () => {
      expect((await api.call('GET', '/api/admin/users')).statusCode).toBe(401);
      const customer = await api.call('POST', '/api/auth/register', newAccount());
      const forbidden = await api.call('GET', '/api/admin/users', undefined, { cookie: sessionCookie(customer) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('권한이 없습니다. 관리자만 접근할 수 있습니다.');
      const adminAccount = newAccount();
      const admin = await api.call('POST', '/api/auth/register', adminAccount);
      await server().database.db.update(users).set({ role: 'admin' }).where(eq(users.email, adminAccount.email));
      const listed = await api.call('GET', '/api/admin/users', undefined, { cookie: sessionCookie(admin) });
      expect(listed.statusCode).toBe(200);
      const rows = listed.json().users as Array<Record<string, unknown>>;
      expect(rows.find((u) => u.email === adminAccount.email)).toMatchObject({ username: adminAccount.username, firstName: '민수', lastName: '김', phone: '010-1234-5678' });
      expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'phone', 'role', 'secondFactor', 'username']);
    });
  });

  describe('password reset tokens (D13)', () => {
    it('answers the same for known and unknown addresses', async () => {
      const account = newAccount();
      await api.call('POST', '/api/auth/register', account);
      const known = await api.call('POST', '/api/auth/forgot-password', { email: account.email });
      const unknown = await api.call('POST', '/api/auth/forgot-password', { email: `ghost${Date.now()}@example.com` });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().resetToken).toBeUndefined();
      // The token is made after the answer has gone out (finding 13).
      await vi.waitFor(async () => {
        const [token] = await server().database.db.select().from(passwordResetTokens).innerJoin(users, eq(users.id, passwordResetTokens.userId)).where(eq(users.email, account.email));
        expect(token?.password_reset_tokens.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      });
    });

    it('refuses an unknown token and bad input', async () => {
      const response = await api.call('POST', '/api/auth/reset-password', { token: 'made-up', password: 'newpass1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: '유효하지 않거나 만료된 재설정 링크입니다.' });
      expect((await api.call('POST', '/api/auth/reset-password', { token: 'x', password: '1' })).json().fields).toEqual({ password: '비밀번호는 최소 6자 이상이어야 합니다.' });
    });
  });
});
