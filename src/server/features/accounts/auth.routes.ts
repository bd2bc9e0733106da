/**
 * The account API of SPEC section 7 (same paths, payloads and response fields), with DESIGN's
 * adjustments: database sessions in an httpOnly cookie or a Bearer token (D9), hashed reset
 * tokens (D13), server-side roles (D5), unique e-mails and usernames (D18).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCountryCode, type CountryCode } from '../../../domain/countries.ts';
import {
  checkEmailSchema, forgotPasswordSchema, loginSchema, profileSchema, registerSchema, resetPasswordSchema,
} from '../../../domain/validation/accounts.ts';
import { COUNTRY_COOKIE } from '../../../i18n/config.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { parseBody } from '../../http/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { storeFromAcceptLanguage } from '../../routing/country-detection.ts';
import { originOf } from '../../routing/seo.ts';
import { accountForGoogleIdentity } from './google-accounts.service.ts';
import { decodeFlow, encodeFlow, OIDC_COOKIE, OIDC_COOKIE_SECONDS, type OidcClient } from './google.ts';
import { createResetToken, resetPassword } from './password-reset.service.ts';
import { publicUser } from './public-user.ts';
import { resetMail } from './reset-mail.ts';
import { clearSessionCookie, createSession, deleteSession, requestToken, setSessionCookie } from './sessions.ts';
import { authenticate, isEmailAvailable, listUsers, registerUser, updateProfile } from './users.service.ts';

export interface AccountRoutesOptions {
  db: Database;
  auth: Auth;
  limits: RateLimits;
  mailer: Mailer;
  oidc: OidcClient | undefined;
  publicUrl: string | undefined;
  /** Put the reset token in the forgot-password answer (development without a mail server, D13). */
  exposeResetToken: boolean;
}

/** The store a request belongs to: our pages say so in a header; otherwise guess from the language. */
function storeOf(request: FastifyRequest): CountryCode {
  const header = request.headers['x-store-country'];
  if (isCountryCode(header)) return header;
  const cookie = request.cookies?.[COUNTRY_COOKIE];
  if (isCountryCode(cookie)) return cookie;
  return storeFromAcceptLanguage(request.headers['accept-language']) ?? 'us';
}

export function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): void {
  const { db, auth, limits, mailer, oidc } = options;
  const secure = (request: FastifyRequest) => options.publicUrl?.startsWith('https://') ?? request.protocol === 'https';
  const say = (request: FastifyRequest, key: string) => translatorFor(requestLanguage(request), 'errors')(key);

  app.get('/api/auth/me', async (request) => {
    const user = await auth.currentUser(request);
    return { success: true, user };
  });

  app.post('/api/auth/register', async (request, reply) => {
    await limits.consume('registerPerIp', request.ip);
    const input = parseBody(registerSchema, request.body);
    const user = await registerUser(db, input);
    const session = await createSession(db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, secure(request));
    request.log.info({ userId: user.id }, 'account created');
    return reply.status(201).send({ success: true, user: publicUser(user), message: say(request, 'auth.registered'), token: session.token });
  });

  app.post('/api/auth/login', async (request, reply) => {
    await limits.consume('loginPerIp', request.ip);
    const input = parseBody(loginSchema, request.body);
    const address = input.email.toLowerCase();
    await limits.check('loginFailuresPerAddress', address);
    const user = await authenticate(db, input.email, input.password);
    if (!user) {
      await limits.consume('loginFailuresPerAddress', address).catch(() => undefined);
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    await limits.reset('loginFailuresPerAddress', address);
    const session = await createSession(db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, secure(request));
    return { success: true, user: publicUser(user), message: say(request, 'auth.loggedIn'), token: session.token };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = requestToken(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, secure(request));
    return { success: true, message: say(request, 'auth.loggedOut') };
  });

  app.post('/api/auth/check-email', async (request) => {
    await limits.consume('checkEmailPerIp', request.ip);
    const { email } = parseBody(checkEmailSchema, request.body);
    return { success: true, available: await isEmailAvailable(db, email) };
  });

  app.post('/api/auth/forgot-password', async (request) => {
    await limits.consume('forgotPerIp', request.ip);
    const { email } = parseBody(forgotPasswordSchema, request.body);
    await limits.consume('forgotPerAddress', email.toLowerCase());
    const created = await createResetToken(db, email);
    if (created) {
      const lang = requestLanguage(request);
      const link = `${originOf(request, options.publicUrl)}/${storeOf(request)}/reset-password?token=${encodeURIComponent(created.token)}`;
      const name = created.user.firstName ?? created.user.username;
      // Not awaited: the answer takes as long whether or not the address has an account.
      void mailer.send(resetMail(created.user.email, name, link, lang)).catch((error: unknown) => {
        request.log.error({ err: error, userId: created.user.id }, 'password reset mail failed');
      });
    }
    return {
      success: true,
      message: say(request, 'auth.resetSent'),
      ...(options.exposeResetToken && created ? { resetToken: created.token } : {}),
    };
  });

  app.post('/api/auth/reset-password', async (request) => {
    await limits.consume('resetPerIp', request.ip);
    const { token, password } = parseBody(resetPasswordSchema, request.body);
    await resetPassword(db, token, password);
    return { success: true, message: say(request, 'auth.resetDone') };
  });

  app.get('/api/auth/profile', async (request) => {
    const user = await auth.requireUser(request);
    return { success: true, user };
  });

  app.put('/api/auth/profile', async (request) => {
    const current = await auth.requireUser(request);
    const input = parseBody(profileSchema, request.body);
    const updated = await updateProfile(db, current.id, input);
    return { success: true, message: say(request, 'auth.profileUpdated'), user: publicUser(updated) };
  });

  app.get('/api/auth/google', async (request, reply) => {
    const query = request.query as { country?: string };
    const country = isCountryCode(query.country) ? query.country : storeOf(request);
    if (!oidc) return reply.redirect(`/${country}?auth=failed`, 302);
    try {
      const redirectUri = `${originOf(request, options.publicUrl)}/api/auth/google/callback`;
      const { url, flow } = await oidc.start(redirectUri, country);
      reply.setCookie(OIDC_COOKIE, encodeFlow(flow), {
        path: '/api/auth/google', httpOnly: true, sameSite: 'lax', secure: secure(request), maxAge: OIDC_COOKIE_SECONDS, signed: true,
      });
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in could not start');
      return reply.redirect(`/${country}?auth=failed`, 302);
    }
  });

  app.get('/api/auth/google/callback', async (request, reply) => {
    const raw = request.cookies?.[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    const flow = unsigned?.valid && unsigned.value ? decodeFlow(unsigned.value) : null;
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/google' });
    const country = flow && isCountryCode(flow.country) ? flow.country : storeOf(request);
    if (!oidc || !flow) return reply.redirect(`/${country}?auth=failed`, 302);
    try {
      const identity = await oidc.finish(new URL(request.url, originOf(request, options.publicUrl)), flow);
      const user = await accountForGoogleIdentity(db, identity);
      const session = await createSession(db, user.id);
      setSessionCookie(reply, session.token, session.expiresAt, secure(request));
      request.log.info({ userId: user.id }, 'signed in with google');
      return reply.redirect(`/${country}?auth=success`, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect(`/${country}?auth=failed`, 302);
    }
  });

  app.get('/api/admin/users', async (request) => {
    await auth.requireAdmin(request);
    const rows = await listUsers(db);
    return {
      success: true,
      users: rows.map((u) => ({ id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone, role: u.role, createdAt: u.createdAt })),
    };
  });

}
