/**
 * Passwords (scrypt) and opaque tokens (random, stored as SHA-256). docs/decisions/011-tokens-and-limits.md.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: the token handed out; only its hash is stored. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
/** Short random ids for rows and document names (letters and digits only). */
export const randomId = (length = 12): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % 36];
  return out;
};
export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Compares two secrets in constant time (both are hashed first so that lengths do not leak). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, log2N: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 256 * N * R + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$<log2N>$<r>$<p>$<salt>$<key>`, so that the cost can rise later without breaking old hashes. */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N);
  return ['scrypt', log2N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, , , salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(log2N));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
