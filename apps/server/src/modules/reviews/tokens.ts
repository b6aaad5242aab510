/**
 * A review link's token is a password: 256 bits from the CSPRNG, sent once (in the mail and the sharer's
 * answer), and only its SHA-256 kept. A lookup finds the row by the hash, then compares the two hashes in
 * constant time, so that no answer's timing says how much of a guessed token was right.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 bytes: twice the 128 bits the design asks for, base64url so that it travels in a path as is. */
const TOKEN_BYTES = 32;

export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Whether a string has a token's shape (43 base64url characters): a session's JWT never does (it has dots). */
export const isTokenShaped = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

/** The hex SHA-256 the table keeps (64 characters). */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether a stored hash is the one of `token`, compared in constant time. */
export function sameHash(stored: string, token: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
