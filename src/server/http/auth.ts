/**
 * Who is calling: resolved once per request from the session cookie or Bearer token (D9), and
 * the guards every protected endpoint uses (D5: 401 for anonymous callers, 403 for customers).
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.ts';
import { recentlyChecked, type Staff2faPolicy } from '../../domain/staff-security.ts';
import type { Role } from '../../domain/user.ts';
import type { Database } from '../db/client.ts';
import type { PublicUser } from '../features/accounts/public-user.ts';
import { requestToken, signedInForToken, type SignedIn } from '../features/accounts/sessions.ts';

export interface Auth {
  currentUser(request: FastifyRequest): Promise<PublicUser | null>;
  /**
   * Who the request's session belongs to now, read again (not the request's first answer): for a
   * long-lived request, such as an event stream, that must notice a sign-out or a change of role.
   */
  currentUserNow(request: FastifyRequest): Promise<PublicUser | null>;
  /** The user and the session they are signed in with, or null. */
  currentSession(request: FastifyRequest): Promise<SignedIn | null>;
  /** The user and the session they are signed in with; 401 without one. */
  requireSignedIn(request: FastifyRequest): Promise<SignedIn>;
  requireUser(request: FastifyRequest): Promise<PublicUser>;
  /** 401 for anonymous callers, 403 for users without the role. */
  requireUserWithRole(request: FastifyRequest, role: Role): Promise<PublicUser>;
  /** Staff and the session they act with (for the audit trail); 401 or 403 as `requireUserWithRole`. */
  requireStaff(request: FastifyRequest): Promise<SignedIn>;
  /**
   * Staff whose session proved itself in the last five minutes (a sign-in, a code, a re-check):
   * before a refund or a change of role. Otherwise 403 RECENT_SIGN_IN_REQUIRED.
   */
  requireRecentCheck(request: FastifyRequest): Promise<SignedIn>;
}

/** The role check itself, shared by API guards and page loaders. */
function assertRole(user: PublicUser | null, role: Role): PublicUser {
  if (!user) throw new DomainError('UNAUTHENTICATED');
  if (user.role !== role) throw new DomainError('FORBIDDEN');
  return user;
}

export function createAuth(db: Database, policy: Staff2faPolicy = 'optional'): Auth {
  const resolved = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
  const signedIn = (request: FastifyRequest) => {
    let found = resolved.get(request);
    if (!found) {
      const token = requestToken(request);
      found = token ? signedInForToken(db, token, policy) : Promise.resolve(null);
      resolved.set(request, found);
    }
    return found;
  };
  const requireSignedIn = async (request: FastifyRequest) => {
    const found = await signedIn(request);
    if (!found) throw new DomainError('UNAUTHENTICATED');
    return found;
  };
  return {
    currentUser: async (request) => (await signedIn(request))?.user ?? null,
    currentSession: signedIn,
    currentUserNow: async (request) => {
      const token = requestToken(request);
      return token ? (await signedInForToken(db, token, policy))?.user ?? null : null;
    },
    requireSignedIn,
    requireUser: async (request) => (await requireSignedIn(request)).user,
    requireUserWithRole: async (request, role) => assertRole((await signedIn(request))?.user ?? null, role),
    requireStaff: async (request) => {
      const found = await signedIn(request);
      assertRole(found?.user ?? null, 'admin');
      return found!;
    },
    requireRecentCheck: async (request) => {
      const found = await signedIn(request);
      assertRole(found?.user ?? null, 'admin');
      if (!recentlyChecked({ createdAt: found!.signedInAt, secondFactorAt: found!.secondFactorAt, reauthenticatedAt: found!.reauthenticatedAt })) {
        throw new DomainError('RECENT_SIGN_IN_REQUIRED', { messageKey: 'auth.recheckNeeded' });
      }
      return found!;
    },
  };
}
