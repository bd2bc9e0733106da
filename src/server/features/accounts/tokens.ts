import { hash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (256 bits) for sessions and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (D9, D13): a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
