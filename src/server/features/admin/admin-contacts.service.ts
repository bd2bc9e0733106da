/** The contact form's messages for staff (the inbox): newest first, marked handled by whom and when. */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { AdminContactsQuery } from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
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

export async function markContact(db: Database, actorId: string, id: string, handled: boolean): Promise<void> {
  const [row] = await db.update(contactSubmissions)
    .set(handled ? { handledAt: sql`coalesce(${contactSubmissions.handledAt}, now())`, handledBy: sql`coalesce(${contactSubmissions.handledBy}, ${actorId}::uuid)` } : { handledAt: null, handledBy: null })
    .where(and(eq(contactSubmissions.id, id)))
    .returning({ id: contactSubmissions.id });
  if (!row) throw new DomainError('NOT_FOUND');
}
