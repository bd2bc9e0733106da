/**
 * Google sign-in through the whole redirect flow against an OpenID Connect provider running on
 * loopback (oauth2-mock-server): discovery, PKCE, state and nonce checks, account linking.
 */
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/server/db/schema.ts';
import { useTestServer } from './harness.ts';
import { client, sessionCookie } from './support/clients.ts';
import { startOidcProvider } from './support/peers.ts';

const email = `googler.${Date.now()}@gmail.example`;

describe('Google sign-in', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({ email, email_verified: true, given_name: 'Haneul', family_name: 'Kim', sub: 'google-subject-1' });
  });
  afterAll(async () => provider.stop());
  const server = useTestServer('pglite', () => ({ GOOGLE_CLIENT_ID: 'store-client', GOOGLE_CLIENT_SECRET: 'store-secret', OIDC_ISSUER: provider.issuer, PUBLIC_URL: 'http://shop.test' }));
  const api = client(server);

  /** Plays the browser: our redirect, the provider's consent redirect, our callback. */
  async function signIn(country = 'kr', returnTo?: string) {
    const start = await api.call('GET', `/api/auth/google?country=${country}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(new URL(provider.issuer).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://shop.test/api/auth/google/callback');
    const flowCookie = start.cookies.find((c) => c.name === 'oidc_flow')!;
    expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return { back, cookie: `oidc_flow=${flowCookie.value}` };
  }

  it('creates the account for a verified address, signs it in and returns to the store', async () => {
    const { back, cookie } = await signIn('kr');
    const callback = await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/kr?auth=success');
    const me = await api.call('GET', '/api/auth/me', undefined, { cookie: sessionCookie(callback) });
    expect(me.json().user).toMatchObject({ email, firstName: 'Haneul', lastName: 'Kim', role: 'customer' });
    const [row] = await server().database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ googleSubject: 'google-subject-1', passwordHash: null });
  });

  it('signs the same person into the same account next time', async () => {
    const { back, cookie } = await signIn('us');
    const callback = await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie });
    expect(callback.headers.location).toBe('/us?auth=success');
    expect(await server().database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('puts a staff member\'s Google sign-in on the audit trail, and no customer\'s', async () => {
    const db = server().database.db;
    const signedInRows = async () => db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in'));
    expect(await signedInRows()).toEqual([]);
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    try {
      const { back, cookie } = await signIn('kr');
      const callback = await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie });
      expect(callback.headers.location).toBe('/kr?auth=success');
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect((await signedInRows()).map((r) => [r.actorUserId, r.actorEmail, r.subjectType, r.after])).toEqual([[row!.id, email, 'session', { method: 'google', secondFactor: false }]]);
    } finally {
      await db.update(users).set({ role: 'customer' }).where(eq(users.email, email));
    }
  });

  it('sends a staff member with a second factor from Google to the code step, which the challenge cookie and a code finish', async () => {
    const db = server().database.db;
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    try {
      // Signed in by Google without a factor yet, the staff member enrols.
      const first = await signIn('kr');
      const session = sessionCookie(await api.call('GET', `${first.back.pathname}${first.back.search}`, undefined, { cookie: first.cookie }));
      const { secret } = (await api.call('POST', '/api/auth/second-factor/setup', {}, { cookie: session })).json();
      expect((await api.call('POST', '/api/auth/second-factor/confirm', { code: await generate({ secret }) }, { cookie: session })).statusCode).toBe(200);
      // Next time Google is only the first step: no session, a signed challenge cookie for the code routes.
      const again = await signIn('kr', '/kr/admin');
      const back = await api.call('GET', `${again.back.pathname}${again.back.search}`, undefined, { cookie: again.cookie });
      expect(back.headers.location).toBe('/kr/admin?auth=second-factor&step=verify');
      expect(back.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const challenge = back.cookies.find((c) => c.name === 'sfc')!;
      expect(challenge).toMatchObject({ httpOnly: true, path: '/api/auth/second-factor' });
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const done = await api.call('POST', '/api/auth/second-factor', { code }, { cookie: `sfc=${challenge.value}` });
      expect(done.statusCode, done.body).toBe(200);
      expect((await api.call('GET', '/api/admin/overview', undefined, { cookie: sessionCookie(done) })).statusCode).toBe(200);
      const [row] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in')).orderBy(desc(auditEvents.id)).limit(1);
      expect(row!.after).toEqual({ method: 'google', secondFactor: 'totp' });
    } finally {
      await db.update(users).set({ role: 'customer' }).where(eq(users.email, email));
    }
  });

  it('comes back to the page it was started from, inside the store only', async () => {
    for (const [returnTo, location] of [
      ['/kr/profile', '/kr/profile?auth=success'],
      ['//evil.example/kr', '/kr?auth=success'],
      ['https://evil.example/', '/kr?auth=success'],
      ['/us/profile', '/kr?auth=success'],
      ['/kr/../admin', '/kr?auth=success'],
    ] as const) {
      const { back, cookie } = await signIn('kr', returnTo);
      expect((await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie })).headers.location, returnTo).toBe(location);
    }
  });

  it('fails safely without the flow cookie or with a forged state', async () => {
    const { back, cookie } = await signIn('vn');
    // Without the flow cookie the store comes from the request's language (ko here).
    expect((await api.call('GET', `${back.pathname}${back.search}`)).headers.location).toBe('/kr?auth=failed');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const response = await api.call('GET', `${forged.pathname}${forged.search}`, undefined, { cookie });
    expect(response.headers.location).toBe('/vn?auth=failed');
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses a tampered flow cookie', async () => {
    const { back, cookie } = await signIn('kr');
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie: tampered })).headers.location).toMatch(/auth=failed$/);
  });
});

describe('without Google configured', () => {
  const server = useTestServer('pglite');
  it('sends the visitor back with auth=failed', async () => {
    const response = await client(server).call('GET', '/api/auth/google?country=au');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/au?auth=failed');
  });
});

describe('an unverified Google address', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider({ email: 'unverified@example.com', email_verified: false, sub: 'google-subject-2' });
  });
  afterAll(async () => provider.stop());
  const server = useTestServer('pglite', () => ({ GOOGLE_CLIENT_ID: 'store-client', GOOGLE_CLIENT_SECRET: 'store-secret', OIDC_ISSUER: provider.issuer }));
  it('is not signed in', async () => {
    const api = client(server);
    const start = await api.call('GET', '/api/auth/google?country=kr');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const cookie = `oidc_flow=${start.cookies.find((c) => c.name === 'oidc_flow')!.value}`;
    expect((await api.call('GET', `${back.pathname}${back.search}`, undefined, { cookie })).headers.location).toBe('/kr?auth=failed');
  });
});
