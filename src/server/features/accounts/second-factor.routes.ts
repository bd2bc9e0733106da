/**
 * Staff's second factor over HTTP (issue 36): finishing a sign-in with a code, enrolling an
 * authenticator (signed in, or from an `enroll` sign-in when the store requires it), the state
 * My Page shows, and new recovery codes. Wrong codes are counted per account through the shared
 * limiter (five, then 15 minutes locked on every instance) and per challenge.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/accounts.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { Staff2faPolicy } from '../../../domain/staff-security.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/client.ts';
import { userSessions } from '../../db/schema.ts';
import { staffActor, staffActorFor } from '../../http/audit-actor.ts';
import type { Auth } from '../../http/auth.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { publicUser } from './public-user.ts';
import type { SecretKey } from './second-factor-secret.ts';
import {
  beginEnrolment, confirmEnrolment, countChallengeFailure, endChallenge, hasSecondFactor, openChallenge, proveSecondFactor, renewRecoveryCodes, secondFactorStatus, type ChallengeRow,
} from './second-factor.service.ts';
import { createSession, setSessionCookie } from './sessions.ts';
import { findUserById } from './users.service.ts';
import { verifyPassword } from './password.ts';

/** The signed cookie a Google return leaves for the code step (the password answer gives the token in its body). */
export const CHALLENGE_COOKIE = 'sfc';
export const CHALLENGE_COOKIE_PATH = '/api/auth/second-factor';

interface Options {
  db: Database;
  auth: Auth;
  limits: RateLimits;
  key: SecretKey;
  policy: Staff2faPolicy;
  secureCookies: boolean;
}

export function registerSecondFactorRoutes(server: FastifyInstance, options: Options): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, limits, key, policy, secureCookies } = options;
  const say = (request: FastifyRequest, messageKey: string) => translatorFor(request.store.lang, 'errors')(messageKey);
  const perIp = async (request: FastifyRequest) => { await limits.consume('secondFactorPerIp', request.ip); };
  const staffOnly = async (request: FastifyRequest) => { await auth.requireStaff(request); };

  /** The challenge's token: the body's, else the Google return's signed cookie. */
  const challengeToken = (request: FastifyRequest, fromBody: string | undefined) => {
    if (fromBody) return fromBody;
    const raw = request.cookies?.[CHALLENGE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    return unsigned?.valid ? unsigned.value ?? undefined : undefined;
  };

  /** A wrong code: counted on the challenge and on the account (the limiter's count came first), and on the trail. */
  const refuse = async (request: FastifyRequest, userId: string, challenge: ChallengeRow | null): Promise<never> => {
    if (challenge) await countChallengeFailure(db, challenge.id);
    const user = await findUserById(db, userId).catch(() => null);
    if (user) await recordAudit(db, staffActorFor(request, user, null), { action: 'auth.second_factor_failed', subjectType: 'user', subjectId: userId, after: challenge ? { method: challenge.method, attempts: challenge.attempts + 1 } : null });
    throw new DomainError('SECOND_FACTOR_INVALID');
  };

  const signedInAnswer = async (request: FastifyRequest, reply: FastifyReply, challenge: ChallengeRow, provenBy: 'totp' | 'recovery_code', tx: Database) => {
    const user = await findUserById(tx, challenge.userId);
    // Demoted meanwhile: a customer signs in with the password alone.
    if (user.role !== 'admin') throw new DomainError('SECOND_FACTOR_INVALID');
    await endChallenge(tx, challenge.id);
    const session = await createSession(tx, user.id, { staff: { actor: staffActorFor(request, user, null), method: challenge.method, secondFactor: provenBy } });
    setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
    reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_COOKIE_PATH });
    return { user: publicUser(user), token: session.token };
  };

  app.post('/api/auth/second-factor', { schema: contract.secondFactorSignIn, preValidation: perIp }, async (request, reply) => {
    const input = request.body;
    const token = challengeToken(request, input.challenge);
    const opened = await openChallenge(db, token);
    if (opened.step !== 'verify') throw new DomainError('SECOND_FACTOR_INVALID');
    // Counted before the check, so parallel guesses cannot all slip under the limit; forgiven on success.
    await limits.consume('secondFactorFailures', opened.userId);
    const signedIn = await db.transaction(async (tx) => {
      const challenge = await openChallenge(tx as unknown as Database, token);
      const provenBy = await proveSecondFactor(tx as unknown as Database, key, challenge.userId, input);
      return provenBy ? signedInAnswer(request, reply, challenge, provenBy, tx as unknown as Database) : null;
    });
    if (!signedIn) return refuse(request, opened.userId, opened);
    await limits.reset('secondFactorFailures', opened.userId);
    return { success: true as const, user: signedIn.user, message: say(request, 'auth.loggedIn'), token: signedIn.token };
  });

  app.post('/api/auth/second-factor/setup', { schema: contract.secondFactorSetup, preValidation: perIp }, async (request) => {
    const token = challengeToken(request, request.body.challenge);
    let user: { id: string; email: string };
    if (token) {
      const challenge = await openChallenge(db, token);
      if (challenge.step !== 'enroll') throw new DomainError('SECOND_FACTOR_INVALID');
      user = await findUserById(db, challenge.userId);
    } else {
      user = (await auth.requireStaff(request)).user;
    }
    const enrolment = await beginEnrolment(db, key, user);
    return { success: true as const, ...enrolment };
  });

  app.post('/api/auth/second-factor/confirm', { schema: contract.secondFactorConfirm, preValidation: perIp }, async (request, reply) => {
    const token = challengeToken(request, request.body.challenge);
    const { code } = request.body;
    if (token) {
      const opened = await openChallenge(db, token);
      if (opened.step !== 'enroll') throw new DomainError('SECOND_FACTOR_INVALID');
      await limits.consume('secondFactorFailures', opened.userId);
      const done = await db.transaction(async (tx) => {
        const challenge = await openChallenge(tx as unknown as Database, token);
        const user = await findUserById(tx as unknown as Database, challenge.userId);
        const codes = await confirmEnrolment(tx as unknown as Database, key, staffActorFor(request, user, null), code);
        if (!codes) return null;
        return { codes, ...(await signedInAnswer(request, reply, challenge, 'totp', tx as unknown as Database)) };
      });
      if (!done) return refuse(request, opened.userId, opened);
      await limits.reset('secondFactorFailures', opened.userId);
      return { success: true as const, recoveryCodes: done.codes, message: say(request, 'auth.loggedIn'), user: done.user, token: done.token };
    }
    const signedIn = await auth.requireStaff(request);
    await limits.consume('secondFactorFailures', signedIn.user.id);
    const codes = await db.transaction(async (tx) => {
      const made = await confirmEnrolment(tx as unknown as Database, key, staffActor(request, signedIn), code);
      // This session proved the factor now, so it stays signed in once the factor is required of it.
      if (made) await tx.update(userSessions).set({ secondFactorAt: new Date() }).where(eq(userSessions.id, signedIn.sessionId));
      return made;
    });
    if (!codes) return refuse(request, signedIn.user.id, null);
    await limits.reset('secondFactorFailures', signedIn.user.id);
    return { success: true as const, recoveryCodes: codes, message: say(request, 'auth.secondFactorOn') };
  });

  app.get('/api/auth/second-factor', { schema: contract.secondFactorState, preValidation: staffOnly }, async (request) => {
    const signedIn = await auth.requireStaff(request);
    const state = await secondFactorStatus(db, signedIn.user.id);
    return { success: true as const, ...state, confirmedAt: state.confirmedAt?.toISOString() ?? null, required: policy === 'required' };
  });

  app.post('/api/auth/reauthenticate', { schema: contract.reauthenticate, preValidation: staffOnly }, async (request) => {
    const signedIn = await auth.requireStaff(request);
    const input = request.body;
    const enrolled = await hasSecondFactor(db, signedIn.user.id);
    await limits.consume('secondFactorFailures', signedIn.user.id);
    const proven = await db.transaction(async (tx) => {
      let method: 'totp' | 'recovery_code' | 'password' | null;
      if (enrolled) {
        // Whoever enrolled proves it with the factor: a password alone is what a thief may have.
        method = input.password !== undefined ? null : await proveSecondFactor(tx as unknown as Database, key, signedIn.user.id, input);
      } else {
        const user = await findUserById(tx as unknown as Database, signedIn.user.id);
        method = input.password !== undefined && user.passwordHash && await verifyPassword(user.passwordHash, input.password) ? 'password' : null;
      }
      if (!method) return null;
      await tx.update(userSessions).set({ reauthenticatedAt: new Date() }).where(eq(userSessions.id, signedIn.sessionId));
      await recordAudit(tx as unknown as Database, staffActor(request, signedIn), { action: 'auth.rechecked', subjectType: 'session', subjectId: signedIn.sessionId, after: { method } });
      return method;
    });
    if (!proven) {
      if (enrolled) return refuse(request, signedIn.user.id, null);
      throw new DomainError('CURRENT_PASSWORD_INVALID');
    }
    await limits.reset('secondFactorFailures', signedIn.user.id);
    return { success: true as const, message: say(request, 'auth.rechecked') };
  });

  app.post('/api/auth/second-factor/recovery-codes', { schema: contract.renewRecoveryCodes, preValidation: staffOnly }, async (request) => {
    const signedIn = await auth.requireStaff(request);
    await limits.consume('secondFactorFailures', signedIn.user.id);
    const codes = await db.transaction((tx) => renewRecoveryCodes(tx as unknown as Database, key, staffActor(request, signedIn), request.body));
    if (!codes) return refuse(request, signedIn.user.id, null);
    await limits.reset('secondFactorFailures', signedIn.user.id);
    return { success: true as const, recoveryCodes: codes, message: say(request, 'auth.recoveryCodesRenewed') };
  });
}
