/**
 * Who is calling: resolved once per request from the session cookie or Bearer token (D9), and
 * the guards every protected endpoint uses (D5: 401 for anonymous callers, 403 for customers).
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { PublicUser } from '../features/accounts/public-user.ts';
import { requestToken, userForToken } from '../features/accounts/sessions.ts';
import { HttpError } from './errors.ts';

export interface Auth {
  currentUser(request: FastifyRequest): Promise<PublicUser | null>;
  requireUser(request: FastifyRequest): Promise<PublicUser>;
  requireAdmin(request: FastifyRequest): Promise<PublicUser>;
}

export function createAuth(db: Database): Auth {
  const resolved = new WeakMap<FastifyRequest, Promise<PublicUser | null>>();
  const currentUser = (request: FastifyRequest) => {
    let user = resolved.get(request);
    if (!user) {
      const token = requestToken(request);
      user = token ? userForToken(db, token) : Promise.resolve(null);
      resolved.set(request, user);
    }
    return user;
  };
  const requireUser = async (request: FastifyRequest) => {
    const user = await currentUser(request);
    if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'auth.unauthenticated');
    return user;
  };
  const requireAdmin = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    if (user.role !== 'admin') throw new HttpError(403, 'FORBIDDEN', 'auth.forbidden');
    return user;
  };
  return { currentUser, requireUser, requireAdmin };
}
