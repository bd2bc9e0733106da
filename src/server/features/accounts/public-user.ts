import type { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it (SPEC section 3: id, email, username, firstName, lastName, phone). */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: 'customer' | 'admin';
}

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
