import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProfileInput, RegisterInput } from '../../../domain/validation/accounts.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import type { UserRow } from './public-user.ts';

export const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', 'auth.emailTaken');
export const usernameTaken = () => new HttpError(409, 'USERNAME_TAKEN', 'auth.usernameTaken');

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function isEmailAvailable(db: Database, email: string): Promise<boolean> {
  return !(await findUserByEmail(db, email));
}

/**
 * Usernames are derived from the e-mail and collide (minsu@naver.com, minsu@gmail.com); a taken
 * one gets a short numeric suffix rather than refusing the sign-up (D18).
 */
export function usernameCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}${randomInt(1000, 10_000)}`;
}

interface NewUser {
  email: string;
  username: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role?: 'customer' | 'admin';
  googleSubject?: string | null;
}

/** Inserts a user; the database decides uniqueness, so two racing sign-ups give one account. */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      const [row] = await db.insert(users).values({ ...user, username: usernameCandidate(user.username, attempt) }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_lower_key') throw emailTaken();
      if (constraint !== 'users_username_key') throw error;
    }
  }
  throw usernameTaken();
}

export async function registerUser(db: Database, input: RegisterInput): Promise<UserRow> {
  return insertUser(db, {
    email: input.email,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
  });
}

/** The user whose e-mail and password match, or null; both failure cases cost the same time. */
export async function authenticate(db: Database, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function updateProfile(db: Database, id: string, input: ProfileInput): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ email: input.email, username: input.username, firstName: input.firstName, lastName: input.lastName, phone: input.phone ?? null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'http.notFound');
    return row;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_lower_key') throw emailTaken();
    if (constraint === 'users_username_key') throw usernameTaken();
    throw error;
  }
}

export async function setPassword(db: Database, id: string, password: string): Promise<void> {
  await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(users.id, id));
}

export async function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt));
}
