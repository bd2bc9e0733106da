/** The contact form's messages for staff (the inbox): newest first, marked handled by whom and when. */
import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { AdminContactsQuery } from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit.ts';
import { contactSubmissions, users } from '../../db/schema.ts';

export async function listContacts(db: Database, query: AdminContactsQuery) {
  const where = query.handled === 'true' ? isNotNull(contactSubmissions.handledAt) : query.handled === 'false' ? isNull(contactSubmissions.handledAt) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select({
      id: contactSubmissions.id, name: contactSubmissions.name, email: contactSubmissions.email, company: contactSubmissions.company,
      service: contactSubmissions.service, message: contactSubmissions.message, country: contactSubmissions.country, language: contactSubmissions.language,
      createdAt: contactSubmissions.createdAt, handledAt: contactSubmissions.handledAt, handledBy: users.email,
    }).from(contactSubmissions).leftJoin(users, eq(users.id, contactSubmissions.handledBy))
      .where(where).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(contactSubmissions).where(where),
  ]);
  return { contacts: rows, total: counted?.total ?? 0 };
}

/** Marks a message handled (by whom, the first time) or open again; a change is recorded, a repeat is not. */
export async function markContact(db: Database, actor: StaffActor, id: string, handled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ handledAt: contactSubmissions.handledAt }).from(contactSubmissions).where(eq(contactSubmissions.id, id)).for('update');
    if (!before) throw new DomainError('NOT_FOUND');
    if ((before.handledAt !== null) === handled) return;
    await tx.update(contactSubmissions)
      .set(handled ? { handledAt: new Date(), handledBy: actor.userId } : { handledAt: null, handledBy: null })
      .where(eq(contactSubmissions.id, id));
    await recordAudit(tx as unknown as Database, actor, { action: 'inbox.handled', subjectType: 'contact', subjectId: id, before: { handled: !handled }, after: { handled } });
  });
}
