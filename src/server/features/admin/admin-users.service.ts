/** Customers for staff (SPEC section 7 GET /api/admin/users): searchable by name, e-mail or phone, paged. */
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery } from '../../../domain/validation/admin.ts';
import type { Database } from '../../db/client.ts';
import { secondFactors, users } from '../../db/schema.ts';
import { adminUserView } from '../accounts/public-user.ts';

export async function searchUsers(db: Database, query: AdminUsersQuery) {
  let where: SQL | undefined;
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(ilike(users.email, like), ilike(users.username, like), ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.phone, like));
  }
  const [rows, [counted]] = await Promise.all([
    db.select({ user: users, secondFactor: sql<boolean>`${secondFactors.confirmedAt} is not null` }).from(users).leftJoin(secondFactors, eq(secondFactors.userId, users.id))
      .where(where).orderBy(asc(users.createdAt), asc(users.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { users: rows.map((row) => ({ ...adminUserView(row.user), secondFactor: row.secondFactor })), total: counted?.total ?? 0 };
}

/** Where staff notifications go: STAFF_EMAIL (comma-separated) when set, else every administrator. */
export async function staffRecipients(db: Database, configured: string | undefined): Promise<string[]> {
  if (configured) return configured.split(',').map((address) => address.trim());
  return (await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map((row) => row.email);
}
