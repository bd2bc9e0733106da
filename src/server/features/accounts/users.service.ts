/**
 * Accounts: sign-up, sign-in, profile and password changes. Every rule lives here and answers in
 * domain errors; the HTTP edge (auth.routes.ts) only translates.
 */
import { hash, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors.ts';
import type { Role } from '../../../domain/user.ts';
import type { ChangePasswordInput, ProfileInput, RegisterInput } from '../../../domain/validation/accounts.ts';
import { V } from '../../../domain/validation/messages.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { assertUncommonPassword } from './password-policy.ts';
import type { UserRow } from './public-user.ts';
import { voidResetTokens } from './reset-tokens.ts';
import { deleteUserSessions, type SignedIn } from './sessions.ts';

/** How recent a Google sign-in must be to change the e-mail of an account without a password. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

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
function usernameCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}${randomInt(1000, 10_000)}`;
}

interface NewUser {
  email: string;
  username: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role?: Role;
  googleSubject?: string | null;
  emailVerifiedAt?: Date | null;
}

/** Which of our errors a unique violation on users means, if any. */
function takenError(error: unknown): DomainError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_lower_key') return new DomainError('EMAIL_TAKEN');
  if (constraint === 'users_username_lower_key') return new DomainError('USERNAME_TAKEN');
  return null;
}

/**
 * Inserts a user; the database decides uniqueness, so two racing sign-ups give one account. Each
 * attempt runs in its own (nested) transaction, so a collision does not spoil a caller's one.
 */
export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values({ ...user, username: usernameCandidate(user.username, attempt) }).returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    } catch (error) {
      const taken = takenError(error);
      if (!taken) throw error;
      if (taken.code === 'EMAIL_TAKEN') throw taken;
    }
  }
  throw new DomainError('USERNAME_TAKEN');
}

export async function registerUser(db: Database, input: RegisterInput): Promise<UserRow> {
  assertUncommonPassword(input.password);
  return insertUser(db, {
    email: input.email,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
  });
}

/** `account` when the password is its own, else null; both failure cases cost the same time. */
export async function passwordMatches(account: UserRow | undefined, password: string): Promise<UserRow | null> {
  if (!account?.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(account.passwordHash, password)) ? account : null;
}

/**
 * What sign-in failures are counted against: the address and its password version, so a new
 * password (a reset, a change) starts the count anew. The version is a short digest of the stored
 * hash, never the hash itself.
 */
export function signInSubject(email: string, account: UserRow | undefined): string {
  const version = account?.passwordHash ? hash('sha256', account.passwordHash, 'hex').slice(0, 16) : 'none';
  return `${email.toLowerCase()}:${version}`;
}

export async function findUserById(db: Database, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/**
 * Proof that the person holding this session is the account's owner, for changes that would
 * let a stolen session take the account over: the current password, or for an account without
 * one a Google sign-in of the last few minutes.
 */
export async function assertReauthenticated(row: UserRow, session: SignedIn, currentPassword: string | undefined): Promise<void> {
  if (row.passwordHash) {
    if (!currentPassword) throw new DomainError('VALIDATION_FAILED', { fields: { currentPassword: { key: V.currentPasswordRequired } } });
    if (!(await verifyPassword(row.passwordHash, currentPassword))) {
      throw new DomainError('CURRENT_PASSWORD_INVALID', { fields: { currentPassword: { key: V.currentPasswordInvalid } } });
    }
    return;
  }
  if (Date.now() - session.signedInAt.getTime() > RECENT_SIGN_IN_MS) throw new DomainError('RECENT_SIGN_IN_REQUIRED');
}

interface ProfileUpdate {
  user: UserRow;
  /** The address the account had before, when this update changed it (it gets told). */
  previousEmail: string | null;
}

/**
 * Updates the profile. A new e-mail needs re-authentication, is unproven until used, and ends
 * every other session: whoever else was signed in must sign in again.
 */
export async function updateProfile(db: Database, session: SignedIn, input: ProfileInput): Promise<ProfileUpdate> {
  const current = await findUserById(db, session.user.id);
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanged) await assertReauthenticated(current, session, input.currentPassword);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          email: input.email, username: input.username, firstName: input.firstName, lastName: input.lastName, phone: input.phone ?? null,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, current.id))
        .returning();
      if (!row) throw new DomainError('NOT_FOUND');
      if (emailChanged) {
        await deleteUserSessions(tx, current.id, { except: session.sessionId });
        // A link mailed to the old address must not prove the new one (issue 13, item 1).
        await voidResetTokens(tx, current.id);
      }
      return { user: row, previousEmail: emailChanged ? current.email : null };
    });
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

/** Sets a new password after re-authentication; every other session ends. */
export async function changePassword(db: Database, session: SignedIn, input: ChangePasswordInput): Promise<UserRow> {
  const current = await findUserById(db, session.user.id);
  await assertReauthenticated(current, session, input.currentPassword);
  assertUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, current.id)).returning();
    if (!row) throw new DomainError('NOT_FOUND');
    await deleteUserSessions(tx, current.id, { except: session.sessionId });
    return row;
  });
}

