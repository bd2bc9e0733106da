/**
 * Who acted, as the audit trail keeps it (issue 36): built here, where the request and its session
 * are known, and handed to the service that records it with its effect. Services never read HTTP.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor, StaffActor } from '../../domain/audit.ts';
import { USER_AGENT_MAX } from '../../domain/audit.ts';
import type { SignedIn } from '../features/accounts/sessions.ts';

/** A staff member acting through this request: their account, session and where they came from. */
export function staffActor(request: FastifyRequest, signedIn: SignedIn): StaffActor {
  return staffActorFor(request, signedIn.user, signedIn.sessionId);
}

/** The same for an account not yet (or no longer) signed in: a sign-in, a failed one, a sign-out. */
export function staffActorFor(request: FastifyRequest, user: { id: string; email: string }, sessionId: string | null): StaffActor {
  return {
    kind: 'staff',
    userId: user.id,
    email: user.email,
    // `request.ip` follows TRUST_PROXY: the balancer's X-Forwarded-For only when it is trusted.
    ip: request.ip || null,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) || null,
    sessionId,
    requestId: String(request.id),
  };
}

/** A customer (their account id) or a private link's holder acting: who, never from where (only staff are accountable for their address). */
export function customerActor(request: FastifyRequest, kind: 'customer' | 'linkHolder', userId: string | null): AuditActor {
  return { kind, userId, email: null, ip: null, userAgent: null, sessionId: null, requestId: String(request.id) };
}
