/**
 * Staff sign-in with a second factor (issue 36) over HTTP against a real database: enrolment with
 * a code computed from the secret the store showed, sign-in with a code or a recovery code, a code
 * good once (replay refused), lockout after five wrong codes (shared through Redis across
 * instances), STAFF_2FA=required, staff sessions of 12 hours, and nothing kept in plain.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { ensureAdmin } from '../../src/server/features/accounts/admin-bootstrap.ts';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, recoveryCodes, refunds, secondFactors, signInChallenges, userSessions, users } from '../../src/server/db/schema.ts';
import { BACKENDS, useSecondInstance, useTestServer, type TestServer } from './harness.ts';
import { sessionCookie } from './support/clients.ts';
import { staffApi } from './support/staff.ts';

const SESSION_SECRET = 'a-session-secret-of-at-least-32-characters';

/** The code an authenticator app shows `offsetSteps` steps from now. */
const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

function secondFactorFlows(server: () => TestServer) {
  const s = staffApi(server);
  const db = () => server().database.db;
  // Each call from an address of its own: the per-address limits are not what these tests are about.
  let calls = 0;
  const post = (url: string, body: unknown, cookie?: string) => {
    calls += 1;
    return server().app.inject({
      method: 'POST', url, remoteAddress: `10.77.${(calls >> 8) & 255}.${calls & 255}`,
      headers: { 'accept-language': 'en', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body),
    });
  };
  /** A staff member, signed in with the password alone, who enrols and keeps the secret. */
  async function enrolled() {
    const admin = await s.admin();
    const setup = await post('/api/auth/second-factor/setup', {}, admin.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri, qrSvg } = setup.json();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const confirmed = await post('/api/auth/second-factor/confirm', { code: await codeFor(secret) }, admin.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...admin, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }
  /** The password step of a sign-in: its 202 and challenge. */
  async function passwordStep(account: { email: string; password: string }) {
    const answer = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    return answer.json().secondFactor as { challenge: string; step: string };
  }
  return { s, db, post, enrolled, passwordStep };
}

describe.each(BACKENDS)('staff second factor on %s', (backend) => {
  const server = useTestServer(backend, { SESSION_SECRET });
  const { s, db, post, enrolled, passwordStep } = secondFactorFlows(server);

  it('enrols from a code of the shown secret: a wrong one is refused, the right one gives ten recovery codes, nothing kept in plain', async () => {
    const admin = await s.admin();
    const { secret } = (await post('/api/auth/second-factor/setup', {}, admin.cookie)).json();
    const wrong = await post('/api/auth/second-factor/confirm', { code: (Number(await codeFor(secret)) + 1).toString().padStart(6, '0').slice(-6) }, admin.cookie);
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'SECOND_FACTOR_INVALID']);
    const confirmed = await post('/api/auth/second-factor/confirm', { code: await codeFor(secret) }, admin.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // The session that enrolled stays signed in; the state says so.
    const state = await s.call('GET', '/api/auth/second-factor', undefined, { cookie: admin.cookie });
    expect(state.json()).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, required: false });
    // Neither the secret nor a recovery code is in the database as it was shown.
    const [userRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    const [factor] = await db().select().from(secondFactors).where(eq(secondFactors.userId, userRow!.id));
    expect(factor).toMatchObject({ secretFormat: 'aes-gcm-v1', confirmedAt: expect.any(Date) });
    expect(factor!.secret).not.toContain(secret);
    const stored = JSON.stringify(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userRow!.id)));
    for (const code of codes) expect(stored.toUpperCase()).not.toContain(code.replace('-', '').toUpperCase());
    // A second enrolment is refused once one is confirmed.
    expect((await post('/api/auth/second-factor/setup', {}, admin.cookie)).statusCode).toBe(409);
    const [enrolledRow] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'auth.second_factor_enrolled'));
    expect(enrolledRow).toMatchObject({ actorUserId: userRow!.id, after: { recoveryCodesLeft: 10 } });
  });

  it('signs in with the password, then a code: a wrong code is refused, the right one signs in and is on the audit trail', async () => {
    const admin = await enrolled();
    const { challenge, step } = await passwordStep(admin.account);
    expect(step).toBe('verify');
    expect((await post('/api/auth/second-factor', { challenge, code: '000000' })).statusCode).toBe(401);
    const signedIn = await post('/api/auth/second-factor', { challenge, code: await codeFor(admin.secret, 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie })).statusCode).toBe(200);
    // The challenge is used up.
    expect((await post('/api/auth/second-factor', { challenge, code: await codeFor(admin.secret, 1) })).statusCode).toBe(401);
    const rows = await db().select().from(auditEvents).where(eq(auditEvents.actorEmail, admin.account.email));
    expect(rows.map((r) => [r.action, r.after])).toEqual(expect.arrayContaining([
      ['auth.second_factor_failed', { method: 'password', attempts: 1 }],
      ['auth.sign_in', { method: 'password', secondFactor: 'totp' }],
    ]));
    // A staff session expires within 12 hours, a customer's in 30 days.
    const [session] = await db().select().from(userSessions).orderBy(sql`${userSessions.createdAt} desc`).limit(1);
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(12 * 3600_000);
  });

  it('takes a code once: the same code in a new sign-in is refused, the next step\'s code works', async () => {
    const admin = await enrolled();
    const code = await codeFor(admin.secret, 1);
    const first = await passwordStep(admin.account);
    expect((await post('/api/auth/second-factor', { challenge: first.challenge, code })).statusCode).toBe(200);
    const second = await passwordStep(admin.account);
    const replay = await post('/api/auth/second-factor', { challenge: second.challenge, code });
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'SECOND_FACTOR_INVALID']);
    // The code before it is older still: refused too.
    expect((await post('/api/auth/second-factor', { challenge: second.challenge, code: await codeFor(admin.secret, 0) })).statusCode).toBe(401);
  });

  it('takes each recovery code once, written any way', async () => {
    const admin = await enrolled();
    const [first, second] = admin.recoveryCodes;
    const one = await passwordStep(admin.account);
    expect((await post('/api/auth/second-factor', { challenge: one.challenge, recoveryCode: first!.toUpperCase().replace('-', ' ') })).statusCode).toBe(200);
    const two = await passwordStep(admin.account);
    expect((await post('/api/auth/second-factor', { challenge: two.challenge, recoveryCode: first })).statusCode).toBe(401);
    const three = await passwordStep(admin.account);
    const signedIn = await post('/api/auth/second-factor', { challenge: three.challenge, recoveryCode: second });
    expect(signedIn.statusCode).toBe(200);
    const state = await s.call('GET', '/api/auth/second-factor', undefined, { cookie: sessionCookie(signedIn) });
    expect(state.json().recoveryCodesLeft).toBe(8);
    // New codes, proven with a current code: the old ones stop working.
    const renewed = await post('/api/auth/second-factor/recovery-codes', { code: await codeFor(admin.secret, 1) }, sessionCookie(signedIn));
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const four = await passwordStep(admin.account);
    expect((await post('/api/auth/second-factor', { challenge: four.challenge, recoveryCode: admin.recoveryCodes[2] })).statusCode).toBe(401);
  });

  it('locks the second factor after five wrong codes: the right code is refused too until the block ends', async () => {
    const admin = await enrolled();
    for (let i = 0; i < 5; i++) {
      // A new challenge for each try: the account's count, not the challenge's, is what locks.
      const { challenge } = await passwordStep(admin.account);
      expect((await post('/api/auth/second-factor', { challenge, code: '000000' })).statusCode, `try ${i + 1}`).toBe(401);
    }
    const { challenge } = await passwordStep(admin.account);
    const locked = await post('/api/auth/second-factor', { challenge, code: await codeFor(admin.secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('refuses an expired challenge, a challenge of the wrong step, an unknown one and malformed codes', async () => {
    const admin = await enrolled();
    const old = await passwordStep(admin.account);
    await db().update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/auth/second-factor', { challenge: old.challenge, code: await codeFor(admin.secret, 1) })).statusCode).toBe(401);
    expect((await post('/api/auth/second-factor/setup', { challenge: (await passwordStep(admin.account)).challenge })).statusCode).toBe(401);
    expect((await post('/api/auth/second-factor', { challenge: 'not-a-challenge-token', code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/auth/second-factor', { challenge: 'x'.repeat(20), code: '12345' })).statusCode).toBe(400);
    expect((await post('/api/auth/second-factor', { challenge: 'x'.repeat(20), code: '123456', recoveryCode: 'abcde-fghij' })).statusCode).toBe(400);
  });

  it('ends staff sessions after 12 hours, and those without the factor once it is on; a customer\'s stays', async () => {
    const customer = await s.customer();
    const admin = await s.admin();
    const other = await post('/api/auth/login', { email: admin.account.email, password: admin.account.password });
    const elsewhere = sessionCookie(other);
    // Enrolling on one device leaves the session of a password alone on another signed out.
    const { secret } = (await post('/api/auth/second-factor/setup', {}, admin.cookie)).json();
    expect((await post('/api/auth/second-factor/confirm', { code: await codeFor(secret) }, admin.cookie)).statusCode).toBe(200);
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie: elsewhere })).statusCode).toBe(401);
    // Twelve hours on, the staff session is over; a customer's 29-day-old session is not.
    await db().update(userSessions).set({ createdAt: sql`now() - interval '13 hours'` });
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie: admin.cookie })).statusCode).toBe(401);
    await db().update(userSessions).set({ createdAt: sql`now() - interval '29 days'` });
    expect((await s.call('GET', '/api/auth/me', undefined, { cookie: customer.cookie })).json().user).toMatchObject({ email: customer.account.email });
  });

  it('lets the operator back in: a new ADMIN_PASSWORD at start removes the account\'s second factor, on the audit trail', async () => {
    const admin = await enrolled();
    await ensureAdmin(db(), { email: admin.account.email, password: 'operator-chose-99' }, pino({ level: 'silent' }));
    const signedIn = await post('/api/auth/login', { email: admin.account.email, password: 'operator-chose-99' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))).toEqual([]);
    const [reset] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'auth.second_factor_reset'));
    expect(reset).toMatchObject({ actorKind: 'system', subjectId: row!.id });
  });

  it('asks for a recent proof before a refund: 403, then the password (no factor) or a code (enrolled), five minutes long', async () => {
    const owner = await s.customer();
    const admin = await s.admin();
    const paid = await s.paidOrder(owner.cookie, owner.account.email);
    const other = await s.paidOrder(owner.cookie, owner.account.email);
    await db().update(userSessions).set({ createdAt: sql`now() - interval '10 minutes'` });
    const cancel = (id: string, refundAmount: number) => s.call('POST', `/api/admin/orders/${id}/cancel`, { refundAmount, reason: 'Asked by phone' }, { cookie: admin.cookie });
    const refused = await cancel(paid.id, 1000);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'RECENT_SIGN_IN_REQUIRED']);
    expect(refused.json().message).toContain('authenticator');
    expect(await db().select().from(refunds).where(eq(refunds.orderId, paid.id))).toEqual([]);
    expect((await post('/api/auth/reauthenticate', { password: 'not-the-password' }, admin.cookie)).statusCode).toBe(403);
    const proved = await post('/api/auth/reauthenticate', { password: admin.account.password }, admin.cookie);
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await cancel(paid.id, 1000)).statusCode).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, paid.id))).toHaveLength(1);
    // Five minutes on, the proof is stale again; a cancel without a refund never needs it.
    await db().update(userSessions).set({ reauthenticatedAt: sql`now() - interval '6 minutes'` });
    expect((await cancel(other.id, 1000)).statusCode).toBe(403);
    expect((await cancel(other.id, 0)).statusCode).toBe(200);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    const [rechecked] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.rechecked'), eq(auditEvents.actorUserId, row!.id)));
    expect(rechecked!.after).toEqual({ method: 'password' });
  });

  it('takes only the factor as proof from a staff member who enrolled', async () => {
    const admin = await enrolled();
    expect((await post('/api/auth/reauthenticate', { password: admin.account.password }, admin.cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/reauthenticate', { code: await codeFor(admin.secret, 1) }, admin.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/reauthenticate', { code: '123456', password: 'x' }, admin.cookie)).statusCode).toBe(400);
  });

  it('changes roles: only a proven address becomes staff, the last administrator stays one, the account\'s sessions end', async () => {
    const admin = await s.admin();
    const candidate = await s.customer();
    const [target] = await db().select({ id: users.id }).from(users).where(eq(users.email, candidate.account.email));
    const role = (id: string, value: string, cookie = admin.cookie) => s.call('PATCH', `/api/admin/users/${id}/role`, { role: value }, { cookie });
    expect((await role(target!.id, 'admin')).json().code).toBe('EMAIL_NOT_PROVEN');
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, target!.id));
    const promoted = await role(target!.id, 'admin');
    expect(promoted.json()).toMatchObject({ success: true, role: 'admin', changed: true });
    // Promoted, the account signs in again (its customer session ended).
    expect((await s.call('GET', '/api/auth/me', undefined, { cookie: candidate.cookie })).json().user).toBeNull();
    expect((await role(target!.id, 'admin')).json().changed).toBe(false);
    const [entry] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'user.role'), eq(auditEvents.subjectId, target!.id)));
    expect(entry).toMatchObject({ actorKind: 'staff', before: { role: 'customer' }, after: { role: 'admin', sessionsEnded: 1 } });
    // Every administrator but one taken away: the last refuses.
    const admins = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const [self] = await db().select({ id: users.id }).from(users).where(eq(users.email, admin.account.email));
    for (const other of admins.filter((a) => a.id !== self!.id)) expect((await role(other.id, 'customer')).statusCode).toBe(200);
    const last = await role(self!.id, 'customer');
    expect([last.statusCode, last.json().code]).toEqual([409, 'LAST_ADMINISTRATOR']);
    // A stale session is asked to prove itself first.
    await db().update(userSessions).set({ createdAt: sql`now() - interval '10 minutes'` }).where(eq(userSessions.userId, self!.id));
    expect((await role(target!.id, 'admin')).json().code).toBe('RECENT_SIGN_IN_REQUIRED');
  });

  it('resets a colleague\'s lost authenticator: factor and sessions gone, on the trail', async () => {
    const colleague = await enrolled();
    const admin = await s.admin();
    const [target] = await db().select({ id: users.id }).from(users).where(eq(users.email, colleague.account.email));
    const reset = await s.call('DELETE', `/api/admin/users/${target!.id}/second-factor`, undefined, { cookie: admin.cookie });
    expect(reset.json()).toMatchObject({ success: true, removed: true });
    expect(await db().select().from(secondFactors).where(eq(secondFactors.userId, target!.id))).toEqual([]);
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie: colleague.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: colleague.account.email, password: colleague.account.password })).statusCode).toBe(200);
    const listed = (await s.call('GET', `/api/admin/users?q=${encodeURIComponent(colleague.account.email)}`, undefined, { cookie: admin.cookie })).json();
    expect(listed.users[0]).toMatchObject({ email: colleague.account.email, secondFactor: false });
  });

  it('keeps customers out of the second factor routes', async () => {
    const customer = await s.customer();
    expect((await post('/api/auth/second-factor/setup', {}, customer.cookie)).statusCode).toBe(403);
    expect((await s.call('GET', '/api/auth/second-factor', undefined, { cookie: customer.cookie })).statusCode).toBe(403);
    expect((await post('/api/auth/second-factor/setup', {})).statusCode).toBe(401);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, customer.account.email));
    expect(await db().select().from(secondFactors).where(eq(secondFactors.userId, row!.id))).toEqual([]);
  });
});

describe('with STAFF_2FA=required', () => {
  const server = useTestServer('pglite', { STAFF_2FA: 'required' });
  const { s, post, passwordStep } = secondFactorFlows(server);

  it('a staff member without a factor enrols at sign-in and is signed in by the first code; a password session alone is no session', async () => {
    // An account made staff after it signed in: its session of a password alone no longer counts.
    const { account, cookie: before } = await s.customer();
    await server().database.db.update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie: before })).statusCode).toBe(401);
    const { challenge, step } = await passwordStep(account);
    expect(step).toBe('enroll');
    const setup = await post('/api/auth/second-factor/setup', { challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    expect(setup.json().secret).toMatch(/^[A-Z2-7]+$/);
    const done = await post('/api/auth/second-factor/confirm', { challenge, code: await codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    const cookie = sessionCookie(done);
    expect((await s.call('GET', '/api/admin/overview', undefined, { cookie })).statusCode).toBe(200);
    expect((await s.call('GET', '/api/auth/second-factor', undefined, { cookie })).json()).toMatchObject({ enrolled: true, required: true });
    // Without SESSION_SECRET the secret is kept as it is (the start-up log warns).
    const [factor] = await server().database.db.select().from(secondFactors);
    expect(factor!.secretFormat).toBe('plain');
  });
});

describe.runIf(process.env.REDIS_URL)('the lockout across two instances sharing Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());
  const rateLimitPrefix = `rl-test-${randomBytes(4).toString('hex')}`;
  const one = useTestServer('pglite', { SESSION_SECRET }, { redis, rateLimitPrefix });
  const two = useSecondInstance(one, { redis, rateLimitPrefix });
  const a = secondFactorFlows(one);
  const b = secondFactorFlows(two);

  it('five wrong codes on one instance lock the account on the other', async () => {
    const admin = await a.enrolled();
    for (let i = 0; i < 5; i++) {
      const { challenge } = await a.passwordStep(admin.account);
      expect((await a.post('/api/auth/second-factor', { challenge, code: '000000' })).statusCode).toBe(401);
    }
    const { challenge } = await b.passwordStep(admin.account);
    expect((await b.post('/api/auth/second-factor', { challenge, code: await codeFor(admin.secret, 1) })).statusCode).toBe(429);
  });
});
