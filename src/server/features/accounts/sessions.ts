/**
 * Database sessions (D9): a random token in an httpOnly, SameSite=Lax cookie (or a Bearer
 * header for API clients), stored only as its hash, valid 30 days for customers and 12 hours for
 * staff (issue 36, with the second factor their account needs).
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffActor } from '../../../domain/audit.ts';
import { STAFF_SESSION_MS, staffSessionValid, type Staff2faPolicy } from '../../../domain/staff-security.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/client.ts';
import { secondFactors, userSessions, users } from '../../db/schema.ts';
import { publicUser, type PublicUser } from './public-user.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** A signed-in request: who, and which session (its start tells how fresh the sign-in is). */
export interface SignedIn {
  user: PublicUser;
  sessionId: string;
  signedInAt: Date;
  /** Staff: when this session proved the second factor, and when it last proved itself again. */
  secondFactorAt: Date | null;
  reauthenticatedAt: Date | null;
}

/** A staff member's sign-in, for the audit trail: who, from where, and how they proved it. */
export interface StaffSignIn {
  actor: StaffActor;
  method: 'password' | 'google';
  /** How the second factor was proven, when it was. */
  secondFactor?: 'totp' | 'recovery_code' | null;
}

/**
 * Starts a session; a staff member's lasts 12 hours (STAFF_SESSION_MS), may carry the time its
 * second factor was proven, and is on the audit trail, written with it.
 */
export async function createSession(db: Database, userId: string, options: { staff?: StaffSignIn | undefined } = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (options.staff ? STAFF_SESSION_MS : SESSION_MS));
  const secondFactorAt = options.staff?.secondFactor ? now : null;
  await db.transaction(async (tx) => {
    const [session] = await tx.insert(userSessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now, secondFactorAt }).returning({ id: userSessions.id });
    // Expired sessions of this user are of no use to anyone; drop them while we are here.
    await tx.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, new Date())));
    if (options.staff) {
      await recordAudit(tx as unknown as Database, { ...options.staff.actor, sessionId: session!.id }, {
        action: 'auth.sign_in', subjectType: 'session', subjectId: session!.id, after: { method: options.staff.method, secondFactor: options.staff.secondFactor ?? false },
      });
    }
  });
  return { token, expiresAt };
}

/** Ends the session of this token; a staff member's sign-out is on the audit trail. */
export async function deleteSession(db: Database, token: string, options: { staff?: StaffActor | undefined } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx.delete(userSessions).where(eq(userSessions.tokenHash, hashToken(token))).returning({ id: userSessions.id });
    if (ended && options.staff) {
      await recordAudit(tx as unknown as Database, options.staff, { action: 'auth.sign_out', subjectType: 'session', subjectId: ended.id });
    }
  });
}

/** Ends every session of a user, or every one but the session making the request; resolves to how many ended. */
export async function deleteUserSessions(db: Database, userId: string, options: { except?: string } = {}): Promise<number> {
  const ended = await db.delete(userSessions).where(options.except
    ? and(eq(userSessions.userId, userId), ne(userSessions.id, options.except))
    : eq(userSessions.userId, userId)).returning({ id: userSessions.id });
  return ended.length;
}

/** The token a request carries: `Authorization: Bearer …` first, then the session cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie || undefined;
}

/**
 * Who a token belongs to, if its session still counts: unexpired, and for staff within 12 hours
 * and with the second factor their account or the store's policy needs (staffSessionValid).
 */
export async function signedInForToken(db: Database, token: string, policy: Staff2faPolicy = 'optional'): Promise<SignedIn | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select({ user: users, session: userSessions, enrolled: sql<boolean>`${secondFactors.confirmedAt} is not null` })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(secondFactors, eq(secondFactors.userId, userSessions.userId))
    .where(and(eq(userSessions.tokenHash, hashToken(token)), gt(userSessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { session } = row;
  if (!staffSessionValid({ role: row.user.role, enrolled: row.enrolled, secondFactorAt: session.secondFactorAt, createdAt: session.createdAt }, policy)) return null;
  return { user: publicUser(row.user), sessionId: session.id, signedInAt: session.createdAt, secondFactorAt: session.secondFactorAt, reauthenticatedAt: session.reauthenticatedAt };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
