/**
 * One test per finding of the account security review ("Before selling", issue 6). Each one
 * failed on the code before the fix.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions, users } from '../../src/server/db/schema.ts';
import { ensureAdmin } from '../../src/server/features/accounts/admin-bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { BACKENDS, useTestServer } from './harness.ts';
import { client, newAccount, sessionCookie } from './support/clients.ts';
import { signInWithGoogle, startOidcProvider, startSmtpServer } from './support/peers.ts';

const silentLog = pino({ level: 'silent' });

describe('1. absolute links come from PUBLIC_URL, never from Host (D24)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer('pglite', () => ({ SMTP_URL: smtp.url, PORT: '4321' }));
  const api = client(server);

  it('mails a reset link to the public origin even when Host and X-Forwarded-Host say otherwise', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    const response = await api.call('POST', '/api/auth/forgot-password', { email: account.email }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.text).toMatch(/http:\/\/localhost:4321\/kr\/reset-password\?token=/);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('writes sitemap and robots with the public origin', async () => {
    const sitemap = await server().app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(sitemap.body).toContain('<loc>http://localhost:4321/kr</loc>');
    expect(sitemap.body).not.toContain('evil.example');
  });
});

describe('1. the Google redirect address comes from PUBLIC_URL (here its default)', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({ email: 'x@gmail.example', email_verified: true, sub: 'sub-1' });
  });
  afterAll(async () => provider.stop());
  const server = useTestServer('pglite', () => ({ GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's', OIDC_ISSUER: provider.issuer, PORT: '4322' }));

  it('sends the provider back to the public origin, not to the Host of the request', async () => {
    const start = await client(server).call('GET', '/api/auth/google?country=kr', undefined, { host: 'evil.example' });
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe('http://localhost:4322/api/auth/google/callback');
  });
});

describe('2. Google sign-in cannot be pre-hijacked', () => {
  const claims: Record<string, unknown> = { email_verified: true };
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider(claims);
  });
  afterAll(async () => provider.stop());
  const server = useTestServer('pglite', () => ({ GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's', OIDC_ISSUER: provider.issuer, PUBLIC_URL: 'http://shop.test' }));
  const api = client(server);

  async function googleSignIn(email: string, subject: string) {
    Object.assign(claims, { email, sub: subject });
    const callback = await signInWithGoogle(api);
    expect(callback.headers.location).toBe('/kr?auth=success');
    return callback;
  }

  it("locks out whoever registered the victim's address before the victim came with Google", async () => {
    const victim = `victim.${Date.now()}@gmail.example`;
    const attacker = await api.call('POST', '/api/auth/register', newAccount({ email: victim, password: 'attacker-pw-1' }));
    expect(attacker.statusCode).toBe(201);

    const signedIn = await googleSignIn(victim, `victim-${Date.now()}`);
    expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(signedIn) })).json().user.email).toBe(victim);
    expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(attacker) })).json().user).toBeNull();
    expect((await api.call('POST', '/api/auth/login', { email: victim, password: 'attacker-pw-1' })).statusCode).toBe(401);
    const [row] = await server().database.db.select().from(users).where(eq(users.email, victim));
    expect(row).toMatchObject({ passwordHash: null });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('keeps the password and sessions of an account whose address was proven', async () => {
    const owner = newAccount({ email: `owner.${Date.now()}@gmail.example` });
    const registered = await api.call('POST', '/api/auth/register', owner);
    await server().database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, owner.email));
    await googleSignIn(owner.email, `owner-${Date.now()}`);
    expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(registered) })).json().user.email).toBe(owner.email);
    expect((await api.call('POST', '/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(200);
  });
});

describe('3. forgot-password never returns the token, whatever NODE_ENV says', () => {
  // NODE_ENV empty: what an operator gets who forgot to set it (it used to mean development).
  const server = useTestServer('pglite', { NODE_ENV: '' });
  it('answers without it even in development without a mail server', async () => {
    const account = newAccount();
    await client(server).call('POST', '/api/auth/register', account);
    const response = await client(server).call('POST', '/api/auth/forgot-password', { email: account.email });
    expect(response.json()).toEqual({ success: true, message: expect.any(String) });
  });

  it('treats a missing NODE_ENV as production: no dev-only behaviour without the dev server', () => {
    expect(loadConfig({}).development).toBe(false);
    expect(loadConfig({}, { devServer: true }).development).toBe(true);
  });
});

describe('4. forwarded addresses are believed only through TRUST_PROXY', () => {
  const forgotFrom = (server: Parameters<typeof client>[0], i: number) =>
    client(server).call('POST', '/api/auth/forgot-password', { email: `nobody${i}@example.com` }, { 'x-forwarded-for': `203.0.113.${i}` }, '192.0.2.10');

  describe('by default', () => {
    const server = useTestServer('pglite', { TRUST_CDN_COUNTRY_HEADER: 'cf-ipcountry' });
    it('limits one client even when it rotates X-Forwarded-For', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await forgotFrom(server, i)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    });
  });

  describe('with TRUST_PROXY=1', () => {
    const server = useTestServer('pglite', { TRUST_PROXY: '1' });
    it("counts the address the trusted proxy saw", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await forgotFrom(server, i)).statusCode);
      expect(statuses).toEqual(Array(12).fill(200));
    });
  });

  it('refuses a TRUST_PROXY that is neither hops nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});

describe('5. the per-client sign-in limit cannot be raced', () => {
  const server = useTestServer('pglite');
  it('lets exactly ten of forty parallel wrong passwords from one client be tried', async () => {
    const account = newAccount();
    await client(server).call('POST', '/api/auth/register', account);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      client(server).call('POST', '/api/auth/login', { email: account.email, password: `wrong-guess-${i}` }, {}, '198.51.100.140')));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });
});

describe.each(BACKENDS)('6. changing the e-mail needs re-authentication (%s)', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer(backend, () => ({ SMTP_URL: smtp.url }));
  const api = client(server);
  const profile = (account: ReturnType<typeof newAccount>, email: string, extra: Record<string, unknown> = {}) =>
    ({ email, username: account.username, firstName: '민수', lastName: '김', ...extra });

  it('refuses a stolen session without the password, and tells the old address when it changes', async () => {
    const account = newAccount();
    const mine = await api.call('POST', '/api/auth/register', account);
    const other = await api.call('POST', '/api/auth/login', { email: account.email, password: account.password });
    const cookie = { cookie: sessionCookie(mine) };
    const newEmail = `moved.${Date.now()}@example.com`;

    const missing = await api.call('PUT', '/api/auth/profile', profile(account, newEmail), cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ currentPassword: '현재 비밀번호를 입력해주세요.' });
    const wrong = await api.call('PUT', '/api/auth/profile', profile(account, newEmail, { currentPassword: 'not-it-123' }), cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INVALID');
    const [unchanged] = await server().database.db.select().from(users).where(eq(users.id, mine.json().user.id));
    expect(unchanged!.email).toBe(account.email);

    const done = await api.call('PUT', '/api/auth/profile', profile(account, newEmail, { currentPassword: account.password }), cookie);
    expect(done.statusCode).toBe(200);
    const notice = await smtp.next();
    expect(notice.to).toEqual([account.email]);
    expect(notice.text).toContain(newEmail);
    expect((await api.call('GET', '/api/auth/me', undefined, cookie)).json().user.email).toBe(newEmail);
    expect((await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(other) })).json().user).toBeNull();
  });

  it('lets a name change through without the password', async () => {
    const account = newAccount();
    const mine = await api.call('POST', '/api/auth/register', account);
    const renamed = await api.call('PUT', '/api/auth/profile', { ...profile(account, account.email.toUpperCase()), firstName: '지민' }, { cookie: sessionCookie(mine) });
    expect(renamed.statusCode).toBe(200);
  });

  it('asks a Google-only account for a fresh sign-in', async () => {
    const account = newAccount();
    const mine = await api.call('POST', '/api/auth/register', account);
    const { db } = server().database;
    await db.update(users).set({ passwordHash: null }).where(eq(users.email, account.email));
    await db.update(userSessions).set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(userSessions.userId, mine.json().user.id));
    const stale = await api.call('PUT', '/api/auth/profile', profile(account, `g.${Date.now()}@example.com`), { cookie: sessionCookie(mine) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('RECENT_SIGN_IN_REQUIRED');
  });
});

describe('7. promoting an account to administrator ends its sessions', () => {
  const server = useTestServer('pglite');
  it('signs out whoever held the self-registered account', async () => {
    const account = newAccount();
    const registered = await client(server).call('POST', '/api/auth/register', account);
    await ensureAdmin(server().database.db, { email: account.email, password: 'chosen-admin-pw-9' }, silentLog);
    expect((await client(server).call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(registered) })).json().user).toBeNull();
    const login = await client(server).call('POST', '/api/auth/login', { email: account.email, password: 'chosen-admin-pw-9' });
    expect(login.json().user.role).toBe('admin');
    // A restart with the same settings leaves the administrator signed in.
    await ensureAdmin(server().database.db, { email: account.email, password: 'chosen-admin-pw-9' }, silentLog);
    expect((await client(server).call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(login) })).json().user.role).toBe('admin');
  });
});

describe('8. Secure cookies and HSTS follow an https PUBLIC_URL', () => {
  describe('https', () => {
    const server = useTestServer('pglite', { PUBLIC_URL: 'https://shop.test', ALLOW_TEST_PAYMENTS: 'true' });
    it('marks the session cookie Secure and sends HSTS, even over plain HTTP behind a proxy', async () => {
      const response = await client(server).call('POST', '/api/auth/register', newAccount());
      expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    });
  });
  describe('http (the default), behind a trusted proxy', () => {
    const server = useTestServer('pglite', { TRUST_PROXY: '1', TRUST_CDN_COUNTRY_HEADER: 'cf-ipcountry' });
    it('does neither, whatever X-Forwarded-Proto claims: one switch, not one per request', async () => {
      const response = await client(server).call('POST', '/api/auth/register', newAccount(), { 'x-forwarded-proto': 'https' });
      expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('9. the most common passwords are refused', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.stop());
  const server = useTestServer('pglite', () => ({ SMTP_URL: smtp.url }));
  const api = client(server);

  it('on sign-up, with a localized message, storing nothing', async () => {
    const account = newAccount({ password: 'Password1' });
    const response = await api.call('POST', '/api/auth/register', account);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: '너무 흔해서 추측하기 쉬운 비밀번호입니다. 다른 비밀번호를 사용해주세요.' });
    expect(await server().database.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
  });

  it('on reset, leaving the link usable', async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', account);
    await api.call('POST', '/api/auth/forgot-password', { email: account.email });
    const token = /token=([\w-]+)/.exec((await smtp.next()).text)![1];
    const common = await api.call('POST', '/api/auth/reset-password', { token, password: 'qwerty123' }, { 'accept-language': 'en' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toBe('This password is too common and easy to guess. Please choose another.');
    expect((await api.call('POST', '/api/auth/reset-password', { token, password: 'a-rarer-one-77' })).statusCode).toBe(200);
  });

  it('on change, keeping the old password', async () => {
    const account = newAccount();
    const mine = await api.call('POST', '/api/auth/register', account);
    const change = await api.call('PUT', '/api/auth/password', { currentPassword: account.password, newPassword: 'iloveyou' }, { cookie: sessionCookie(mine) });
    expect(change.statusCode).toBe(400);
    expect(Object.keys(change.json().fields)).toEqual(['newPassword']);
    expect((await api.call('POST', '/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });
});

describe('10. secrets in query strings stay out of the request log', () => {
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const server = useTestServer('pglite', { LOG_LEVEL: 'info' }, { logStream });
  it('redacts reset tokens, OAuth codes and guest ids', async () => {
    await server().app.inject({ method: 'GET', url: '/us/reset-password?token=SECRET-TOKEN-123&lang=en' });
    await server().app.inject({ method: 'GET', url: '/api/auth/google/callback?code=SECRET-CODE&state=SECRET-STATE' });
    await server().app.inject({ method: 'GET', url: '/api/cart?sessionId=SECRET-GUEST' });
    const log = lines.join('');
    expect(log).toContain('/us/reset-password?token=[redacted]&lang=en');
    expect(log).not.toMatch(/SECRET-/);
  });
});

describe('11. API answers are never cached', () => {
  const server = useTestServer('pglite');
  it('sends Cache-Control: no-store with signed-in answers', async () => {
    const registered = await client(server).call('POST', '/api/auth/register', newAccount());
    for (const url of ['/api/auth/me', '/api/auth/profile']) {
      const response = await client(server).call('GET', url, undefined, { cookie: sessionCookie(registered) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('12. malformed headers get a 4xx, not a 500', () => {
  const server = useTestServer('pglite');
  it('refuses a Host with an impossible port', async () => {
    for (const url of ['/kr', '/api/auth/me']) {
      const response = await server().app.inject({ method: 'GET', url, headers: { host: 'a:99999' } });
      expect(response.statusCode).toBe(400);
    }
  });
  it('ignores a language cookie that is not valid percent-encoding', async () => {
    const page = await server().app.inject({ method: 'GET', url: '/kr/terms', headers: { cookie: 'lang=%E0' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ko"');
    const api = await client(server).call('POST', '/api/auth/login', { email: 'x' }, { cookie: 'lang=%E0', 'accept-language': '' });
    expect(api.statusCode).toBe(400);
  });
});

describe('13. forgot-password answers before it looks the address up', () => {
  const server = useTestServer('pglite');
  it('answers while the database is busy, for a known address too', async () => {
    const account = newAccount();
    await client(server).call('POST', '/api/auth/register', account);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The embedded database runs one transaction at a time: this one holds it until released.
    let holding!: () => void;
    const started = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const busy = server().database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await held;
    });
    await started;
    const answer = await client(server).call('POST', '/api/auth/forgot-password', { email: account.email });
    expect(answer.statusCode).toBe(200);
    release();
    await busy;
  });
});

describe.each(BACKENDS)('14. usernames are unique whatever their case (%s)', (backend) => {
  const server = useTestServer(backend);
  const api = client(server);
  it('gives "Admin" a suffix beside "admin" and refuses a case-only copy on profile edit', async () => {
    const stamp = Date.now();
    const first = await api.call('POST', '/api/auth/register', newAccount({ email: `casey${stamp}@one.example` }));
    const second = await api.call('POST', '/api/auth/register', newAccount({ email: `CASEY${stamp}@two.example` }));
    expect(second.statusCode).toBe(201);
    expect(second.json().user.username.toLowerCase()).not.toBe(first.json().user.username.toLowerCase());
    const taken = await api.call('PUT', '/api/auth/profile', { email: second.json().user.email, username: `CaSeY${stamp}`, firstName: '민수', lastName: '김' }, { cookie: sessionCookie(second) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
  });
});
