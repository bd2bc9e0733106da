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
  };
}
