/**
 * Writing the audit trail (issue 36, src/domain/audit.ts). Called by a service inside the
 * transaction of its effect, with the actor its route built: the row commits with what it records,
 * or neither does.
 */
import type { AuditActor, AuditEntry } from '../../domain/audit.ts';
import { USER_AGENT_MAX } from '../../domain/audit.ts';
import type { Database } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/** Records one action; `db` is the effect's transaction. Resolves to the row's place. */
export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry): Promise<number> {
  const staff = actor.kind === 'staff';
  const [row] = await db.insert(auditEvents).values({
    actorKind: actor.kind,
    actorUserId: actor.userId,
    // Where a customer acted from is not kept: only staff are accountable for their address.
    actorEmail: staff ? actor.email : null,
    ip: staff ? actor.ip : null,
    userAgent: staff ? actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null : null,
    sessionId: staff ? actor.sessionId : null,
    requestId: actor.requestId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    orderId: entry.orderId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }).returning({ id: auditEvents.id });
  return row!.id;
}

/** A file as the trail keeps it: which one and what it was, never the name a person gave it. */
export function auditedFile(file: { id: string; mimeType: string; sizeBytes: number; sha256: string }) {
  return { id: file.id, mimeType: file.mimeType, sizeBytes: file.sizeBytes, sha256: file.sha256 };
}
