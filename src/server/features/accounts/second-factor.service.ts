/**
 * Staff's second factor (issue 36): a TOTP authenticator (RFC 6238, any app) enrolled with a QR
 * code and confirmed by its first code, ten single-use recovery codes kept hashed, and sign-in
 * challenges that a password (or Google) sign-in of staff leaves for the code to finish.
 *
 * A code is good once: the time step of the last one accepted is kept, and a later code must be
 * of a later step, claimed by one conditional UPDATE so two instances cannot both accept it.
 * otplib and qrcode are loaded on first use (the store starts without them).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { StaffActor } from '../../../domain/audit.ts';
import { DomainError } from '../../../domain/errors.ts';
import { CHALLENGE_ATTEMPTS, CHALLENGE_MS, formatRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '../../../domain/staff-security.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/client.ts';
import { recoveryCodes, secondFactors, signInChallenges } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { openSecret, sealSecret, type SecretKey } from './second-factor-secret.ts';
import { hashToken, newToken } from './tokens.ts';

const ISSUER = 'Studio Lumi';
/** One step either side of now: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30;

export type ChallengeRow = typeof signInChallenges.$inferSelect;
export type ProvenBy = 'totp' | 'recovery_code';
export interface CodeInput { code?: string | undefined; recoveryCode?: string | undefined }

const otp = () => import('otplib');

/** Whether the account has a confirmed authenticator. */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ confirmedAt: secondFactors.confirmedAt }).from(secondFactors).where(eq(secondFactors.userId, userId));
  return Boolean(row?.confirmedAt);
}

/** A sign-in waiting for its code: the token goes to the browser (or the Google return's cookie), its hash here. */
export async function startChallenge(db: Database, userId: string, step: ChallengeRow['step'], method: ChallengeRow['method'], now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await db.transaction(async (tx) => {
    // Old challenges of this account are of no use: a new sign-in replaces them.
    await tx.delete(signInChallenges).where(and(eq(signInChallenges.userId, userId), lt(signInChallenges.expiresAt, now)));
    await tx.insert(signInChallenges).values({ userId, tokenHash: hashToken(token), step, method, expiresAt });
  });
  return { token, expiresAt };
}

/** The challenge a token names, locked, if it is still open; else one answer for every kind of wrong. */
export async function openChallenge(tx: Database, token: string | undefined, now = new Date()): Promise<ChallengeRow> {
  if (!token || token.length > 200) throw new DomainError('SECOND_FACTOR_INVALID');
  const [row] = await tx.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, hashToken(token))).for('update');
  if (!row || row.expiresAt <= now || row.attempts >= CHALLENGE_ATTEMPTS) throw new DomainError('SECOND_FACTOR_INVALID');
  return row;
}

export async function endChallenge(tx: Database, id: string): Promise<void> {
  await tx.delete(signInChallenges).where(eq(signInChallenges.id, id));
}

/** Counts a wrong code against the challenge (past five it is void). Its own statement: it must stay when the caller's work rolls back. */
export async function countChallengeFailure(db: Database, id: string): Promise<void> {
  await db.update(signInChallenges).set({ attempts: sql`${signInChallenges.attempts} + 1` }).where(eq(signInChallenges.id, id));
}

/**
 * Starts (or restarts) enrolment: a new secret, pending until its first code confirms it. Refused
 * once an authenticator is confirmed: moving to a new device goes through another administrator.
 */
export async function beginEnrolment(db: Database, key: SecretKey, user: { id: string; email: string }): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  const sealed = sealSecret(secret, key);
  const [row] = await db.insert(secondFactors).values({ userId: user.id, ...sealed })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { ...sealed, lastTimeStep: null, updatedAt: new Date() }, setWhere: isNull(secondFactors.confirmedAt) })
    .returning({ userId: secondFactors.userId });
  if (!row) throw new DomainError('SECOND_FACTOR_ENROLLED');
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const QRCode = (await import('qrcode')).default;
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** Checks a code against the account's secret (pending or confirmed) and claims its time step. */
async function acceptTotp(tx: Database, key: SecretKey, userId: string, code: string, now: Date, pending: boolean): Promise<boolean> {
  const [factor] = await tx.select().from(secondFactors).where(eq(secondFactors.userId, userId)).for('update');
  if (!factor || (factor.confirmedAt === null) !== pending) return false;
  if (!/^\d{6}$/.test(code)) return false;
  const { verify } = await otp();
  const result = await verify({
    secret: openSecret(factor, key), token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS,
    ...(factor.lastTimeStep !== null ? { afterTimeStep: factor.lastTimeStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  // The claim: one instance wins a step, and an older step never comes back.
  const [claimed] = await tx.update(secondFactors).set({ lastTimeStep: result.timeStep, updatedAt: now, ...(pending ? { confirmedAt: now } : {}) })
    .where(and(eq(secondFactors.userId, userId), sql`(${secondFactors.lastTimeStep} is null or ${secondFactors.lastTimeStep} < ${result.timeStep})`))
    .returning({ userId: secondFactors.userId });
  return Boolean(claimed);
}

/** Uses one recovery code, if it is one of the account's unused ones. */
async function acceptRecoveryCode(tx: Database, userId: string, typed: string, now: Date): Promise<boolean> {
  const code = normalizeRecoveryCode(typed);
  if (!/^[A-Z2-7]{10}$/.test(code)) return false;
  const unused = await tx.select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const [used] = await tx.update(recoveryCodes).set({ usedAt: now }).where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt))).returning({ id: recoveryCodes.id });
    return Boolean(used);
  }
  return false;
}

/** Whether the code (or recovery code) proves the enrolled account; how, when it does. */
export async function proveSecondFactor(tx: Database, key: SecretKey, userId: string, input: CodeInput, now = new Date()): Promise<ProvenBy | null> {
  if (input.code !== undefined) return (await acceptTotp(tx, key, userId, input.code.replace(/\s/g, ''), now, false)) ? 'totp' : null;
  if (input.recoveryCode !== undefined) return (await acceptRecoveryCode(tx, userId, input.recoveryCode, now)) ? 'recovery_code' : null;
  return null;
}

/** Ten new recovery codes in place of any before, hashed; the plain ones are shown once. */
async function issueRecoveryCodes(tx: Database, userId: string): Promise<string[]> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => [...randomBytes(10)].map((byte) => alphabet[byte & 31]).join(''));
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes.map(formatRecoveryCode);
}

/**
 * Confirms enrolment with the first code from the app: the authenticator is on from now, and its
 * ten recovery codes are made. Resolves to them, or null when the code is wrong.
 */
export async function confirmEnrolment(tx: Database, key: SecretKey, actor: StaffActor, code: string, now = new Date()): Promise<string[] | null> {
  if (!(await acceptTotp(tx, key, actor.userId, code.replace(/\s/g, ''), now, true))) return null;
  const codes = await issueRecoveryCodes(tx, actor.userId);
  await recordAudit(tx, actor, { action: 'auth.second_factor_enrolled', subjectType: 'user', subjectId: actor.userId, after: { recoveryCodesLeft: codes.length } });
  return codes;
}

/** New recovery codes for an enrolled staff member who proves the factor now; the old ones stop working. */
export async function renewRecoveryCodes(tx: Database, key: SecretKey, actor: StaffActor, input: CodeInput, now = new Date()): Promise<string[] | null> {
  if (!(await proveSecondFactor(tx, key, actor.userId, input, now))) return null;
  const codes = await issueRecoveryCodes(tx, actor.userId);
  await recordAudit(tx, actor, { action: 'auth.recovery_codes_renewed', subjectType: 'user', subjectId: actor.userId, after: { recoveryCodesLeft: codes.length } });
  return codes;
}

/** Removes an account's authenticator and recovery codes; resolves to whether it had one. */
export async function removeSecondFactor(tx: Database, userId: string): Promise<boolean> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const removed = await tx.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning({ userId: secondFactors.userId });
  return removed.length > 0;
}

/** What My Page shows of a staff member's second factor. */
export async function secondFactorStatus(db: Database, userId: string): Promise<{ enrolled: boolean; confirmedAt: Date | null; recoveryCodesLeft: number }> {
  const [[factor], [left]] = await Promise.all([
    db.select({ confirmedAt: secondFactors.confirmedAt }).from(secondFactors).where(eq(secondFactors.userId, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { enrolled: Boolean(factor?.confirmedAt), confirmedAt: factor?.confirmedAt ?? null, recoveryCodesLeft: factor?.confirmedAt ? left?.n ?? 0 : 0 };
}
