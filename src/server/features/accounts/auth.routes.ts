/**
 * The account API of SPEC section 7 (same paths, payloads and response fields), with DESIGN's
 * adjustments: database sessions in an httpOnly cookie or a Bearer token (D9), hashed reset
 * tokens that are never returned (D13), server-side roles (D5), unique e-mails and usernames
 * (D18), absolute links from PUBLIC_URL only (D24). Rules live in the services; this file only
 * translates HTTP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/accounts.ts';
import { isCountryCode } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { CHALLENGE_MS, secondFactorNeeded, type Staff2faPolicy } from '../../../domain/staff-security.ts';
import { displayName } from '../../../domain/user.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import { afterResponse } from '../../http/after-response.ts';
import type { Auth } from '../../http/auth.ts';
import { staffActor, staffActorFor } from '../../http/audit-actor.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { emailChangedMail, passwordChangedMail, resetMail } from './account-mails.ts';
import { accountForGoogleIdentity } from './google-accounts.service.ts';
import { decodeFlow, encodeFlow, OIDC_COOKIE, OIDC_COOKIE_SECONDS, safeReturnPath, type OidcClient } from './google.ts';
import { commonPasswordsInBucket } from './password-policy.ts';
import { createResetToken, resetPassword } from './password-reset.service.ts';
import { publicUser } from './public-user.ts';
import { CHALLENGE_COOKIE, CHALLENGE_COOKIE_PATH } from './second-factor.routes.ts';
import { hasSecondFactor, startChallenge } from './second-factor.service.ts';
import { clearSessionCookie, createSession, deleteSession, requestToken, setSessionCookie, type StaffSignIn } from './sessions.ts';
import type { UserRow } from './public-user.ts';
import {
  changePassword, findUserByEmail, findUserById, isEmailAvailable, passwordMatches, registerUser, signInSubject, updateProfile,
} from './users.service.ts';

/** A staff member's sign-in as the audit trail keeps it; nothing for a customer's. */
function staffSignIn(request: FastifyRequest, user: UserRow, method: StaffSignIn['method']): StaffSignIn | undefined {
  return user.role === 'admin' ? { actor: staffActorFor(request, user, null), method } : undefined;
}

interface AccountRoutesOptions {
  db: Database;
  auth: Auth;
  limits: RateLimits;
  mailer: Mailer;
  oidc: OidcClient | undefined;
  /** Cookies get Secure when the public address is https (D24). */
  secureCookies: boolean;
  /** STAFF_2FA: whether every staff account must sign in with a second factor. */
  staff2fa: Staff2faPolicy;
}

export function registerAccountRoutes(server: FastifyInstance, options: AccountRoutesOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, limits, mailer, oidc, secureCookies, staff2fa } = options;
  /** A staff sign-in that must be finished with a code: the challenge it waits on, or null to sign in now. */
  const secondFactorChallenge = async (user: UserRow, method: 'password' | 'google') => {
    if (user.role !== 'admin') return null;
    const enrolled = await hasSecondFactor(db, user.id);
    if (!secondFactorNeeded(user, enrolled, staff2fa)) return null;
    const step = enrolled ? 'verify' as const : 'enroll' as const;
    return { step, ...(await startChallenge(db, user.id, step, method)) };
  };
  // Per-IP limits count every attempt whose body is JSON, valid or not: they run before it is validated.
  const limited = (name: Parameters<RateLimits['consume']>[0]) => async (request: FastifyRequest) => { await limits.consume(name, request.ip); };
  const signedIn = async (request: FastifyRequest) => { await auth.requireSignedIn(request); };
  const say = (request: FastifyRequest, key: string) => translatorFor(request.store.lang, 'errors')(key);
  const mailAfterResponse = (request: FastifyRequest, reply: Parameters<typeof afterResponse>[1], label: string, build: () => Promise<Parameters<Mailer['send']>[0] | null>) =>
    afterResponse(request, reply, label, async () => {
      const message = await build();
      if (message) await mailer.send(message);
    });

  app.get('/api/auth/me', { schema: contract.me }, async (request) => {
    const user = await auth.currentUser(request);
    return { success: true as const, user };
  });

  app.post('/api/auth/register', { schema: contract.register, preValidation: limited('registerPerIp') }, async (request, reply) => {
    const input = request.body;
    const user = await registerUser(db, input);
    const session = await createSession(db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
    request.log.info({ userId: user.id }, 'account created');
    return reply.status(201).send({ success: true as const, user: publicUser(user), message: say(request, 'auth.registered'), token: session.token });
  });

  app.post('/api/auth/login', { schema: contract.login, preValidation: limited('loginPerIp') }, async (request, reply) => {
    const input = request.body;
    const account = await findUserByEmail(db, input.email);
    const attempt = await limits.signInAttempt(signInSubject(input.email, account), request.ip);
    const user = await passwordMatches(account, input.password);
    if (!user) {
      // A wrong password on a staff account is on the audit trail; an unknown address or a
      // customer's is not (no typed address is ever kept).
      if (account?.role === 'admin') await recordAudit(db, staffActorFor(request, account, null), { action: 'auth.sign_in_failed', subjectType: 'user', subjectId: account.id, after: { method: 'password' } });
      throw new DomainError('INVALID_CREDENTIALS');
    }
    // The owner got in: this client's earlier mistakes, and this attempt, are forgiven.
    await attempt.succeeded();
    // Staff with a second factor (or a store that requires one) finish with a code: no session yet.
    const waiting = await secondFactorChallenge(user, 'password');
    if (waiting) {
      return reply.status(202).send({
        success: true as const, message: say(request, waiting.step === 'verify' ? 'auth.secondFactorVerify' : 'auth.secondFactorEnroll'),
        secondFactor: { challenge: waiting.token, step: waiting.step, expiresAt: waiting.expiresAt.toISOString() },
      });
    }
    const session = await createSession(db, user.id, { staff: staffSignIn(request, user, 'password') });
    setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
    return { success: true as const, user: publicUser(user), message: say(request, 'auth.loggedIn'), token: session.token };
  });

  app.post('/api/auth/logout', { schema: contract.logout }, async (request, reply) => {
    const token = requestToken(request);
    const signedIn = await auth.currentSession(request);
    if (token) await deleteSession(db, token, { staff: signedIn?.user.role === 'admin' ? staffActor(request, signedIn) : undefined });
    clearSessionCookie(reply, secureCookies);
    return { success: true as const, message: say(request, 'auth.loggedOut') };
  });

  app.post('/api/auth/check-email', { schema: contract.checkEmail, preValidation: limited('checkEmailPerIp') }, async (request) => {
    const { email } = request.body;
    return { success: true as const, available: await isEmailAvailable(db, email) };
  });

  // One bucket of the common-password list (domain/validation/password-rule.ts): the sign-up and
  // password pages apply the server's rule without the whole list, and without sending the
  // password before the form. The list changes only with a release, so browsers may keep it a day.
  app.get('/api/auth/common-passwords/:bucket', { schema: contract.commonPasswords }, async (request, reply) => {
    const { bucket } = request.params;
    reply.header('cache-control', 'public, max-age=86400');
    return { success: true as const, bucket, passwords: commonPasswordsInBucket(bucket) };
  });

  app.post('/api/auth/forgot-password', { schema: contract.forgotPassword, preValidation: limited('forgotPerIp') }, async (request, reply) => {
    const { email } = request.body;
    await limits.consume('forgotPerAddress', email.toLowerCase());
    const { country, lang, origin } = request.store;
    // Everything that depends on the address happens after the answer, which is therefore the
    // same, and as fast, whether or not the address has an account. The token is never returned.
    mailAfterResponse(request, reply, 'password reset mail', async () => {
      const created = await createResetToken(db, email);
      if (!created) return null;
      const link = `${origin}/${country}/reset-password?token=${encodeURIComponent(created.token)}`;
      return resetMail(created.user.email, created.user.firstName ?? created.user.username, link, lang);
    });
    return { success: true as const, message: say(request, 'auth.resetSent') };
  });

  app.post('/api/auth/reset-password', { schema: contract.resetPassword, preValidation: limited('resetPerIp') }, async (request) => {
    const { token, password } = request.body;
    await resetPassword(db, token, password);
    // The new password is a new version: failures counted against the old one no longer apply.
    return { success: true as const, message: say(request, 'auth.resetDone') };
  });

  app.get('/api/auth/profile', { schema: contract.profile }, async (request) => {
    const user = await auth.requireUser(request);
    return { success: true as const, user };
  });

  /** Guesses at the current password count like failed sign-ins of the account from this client. */
  async function withPasswordLimit<T>(request: FastifyRequest, account: UserRow, guessed: boolean, work: () => Promise<T>): Promise<T> {
    if (!guessed) return work();
    const attempt = await limits.signInAttempt(signInSubject(account.email, account), request.ip);
    const result = await work();
    await attempt.succeeded();
    return result;
  }

  app.put('/api/auth/profile', { schema: contract.updateProfile, preValidation: signedIn }, async (request, reply) => {
    const session = await auth.requireSignedIn(request);
    const input = request.body;
    const { user, previousEmail } = await withPasswordLimit(request, await findUserById(db, session.user.id), input.currentPassword !== undefined, () => updateProfile(db, session, input));
    if (previousEmail) {
      request.log.info({ userId: user.id }, 'account e-mail changed');
      const lang = request.store.lang;
      mailAfterResponse(request, reply, 'e-mail change notice', async () => emailChangedMail(previousEmail, displayName(user), user.email, lang));
    }
    return { success: true as const, message: say(request, 'auth.profileUpdated'), user: publicUser(user) };
  });

  app.put('/api/auth/password', { schema: contract.changePassword, preValidation: signedIn }, async (request, reply) => {
    const session = await auth.requireSignedIn(request);
    const input = request.body;
    const user = await withPasswordLimit(request, await findUserById(db, session.user.id), input.currentPassword !== undefined, () => changePassword(db, session, input));
    request.log.info({ userId: user.id }, 'password changed');
    const lang = request.store.lang;
    mailAfterResponse(request, reply, 'password change notice', async () => passwordChangedMail(user.email, displayName(user), lang));
    return { success: true as const, message: say(request, 'auth.passwordChanged'), user: publicUser(user) };
  });

  app.get('/api/auth/google', { schema: contract.googleStart }, async (request, reply) => {
    const query = request.query;
    const country = isCountryCode(query.country) ? query.country : request.store.country;
    const returnTo = safeReturnPath(query.returnTo, country);
    if (!oidc) return reply.redirect(`${returnTo}?auth=failed`, 302);
    try {
      const { url, flow } = await oidc.start(`${request.store.origin}/api/auth/google/callback`, country, returnTo);
      reply.setCookie(OIDC_COOKIE, encodeFlow(flow), {
        path: '/api/auth/google', httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: OIDC_COOKIE_SECONDS, signed: true,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in could not start');
      return reply.redirect(`${returnTo}?auth=failed`, 302);
    }
  });

  app.get('/api/auth/google/callback', { schema: contract.googleCallback }, async (request, reply) => {
    const raw = request.cookies?.[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    const flow = unsigned?.valid && unsigned.value ? decodeFlow(unsigned.value) : null;
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/google' });
    const country = flow && isCountryCode(flow.country) ? flow.country : request.store.country;
    const back = flow?.returnTo ?? `/${country}`;
    if (!oidc || !flow) return reply.redirect(`${back}?auth=failed`, 302);
    try {
      const identity = await oidc.finish(new URL(request.url, request.store.origin), flow);
      const user = await accountForGoogleIdentity(db, identity);
      const waiting = await secondFactorChallenge(user, 'google');
      if (waiting) {
        // The code step reads the challenge from this cookie: no token in a URL.
        reply.setCookie(CHALLENGE_COOKIE, waiting.token, { path: CHALLENGE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: CHALLENGE_MS / 1000, signed: true });
        return reply.redirect(`${back}?auth=second-factor&step=${waiting.step}`, 302);
      }
      const session = await createSession(db, user.id, { staff: staffSignIn(request, user, 'google') });
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      request.log.info({ userId: user.id }, 'signed in with google');
      return reply.redirect(`${back}?auth=success`, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect(`${back}?auth=failed`, 302);
    }
  });
}

