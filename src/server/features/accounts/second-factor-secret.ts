/**
 * A staff member's TOTP secret at rest (issue 36): sealed with AES-256-GCM under a key derived
 * from SESSION_SECRET, so a copy of the database alone cannot make codes. Without SESSION_SECRET
 * (a trial store) it is kept as it is, and the start-up log says so.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SecretKey = Buffer | null;

export function secretKeyFrom(sessionSecret: string | undefined): SecretKey {
  return sessionSecret ? Buffer.from(hkdfSync('sha256', sessionSecret, 'studio-lumi', 'totp-secret', 32)) : null;
}

export function sealSecret(secret: string, key: SecretKey): { secret: string; secretFormat: 'plain' | 'aes-gcm-v1' } {
  if (!key) return { secret, secretFormat: 'plain' };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return { secret: [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.'), secretFormat: 'aes-gcm-v1' };
}

export function openSecret(stored: { secret: string; secretFormat: 'plain' | 'aes-gcm-v1' }, key: SecretKey): string {
  if (stored.secretFormat === 'plain') return stored.secret;
  // A sealed secret with no key (SESSION_SECRET removed or changed) cannot be read: the factor must be reset.
  if (!key) throw new Error('a sealed second-factor secret needs SESSION_SECRET');
  const [iv, tag, sealed] = stored.secret.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
