import type { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

import type { PublicUser } from '../../../domain/user.ts';

export type { PublicUser };

export function publicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    hasPassword: row.passwordHash !== null,
  };
}

/** A user as the staff list shows it (SPEC section 7). */
export function adminUserView(u: UserRow) {
  return { id: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone, role: u.role, createdAt: u.createdAt };
}
