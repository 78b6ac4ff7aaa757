import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters stored with every hash, so they can be raised later without breaking old hashes. */
export interface PasswordHashParams {
  /** CPU/memory cost (a power of two). */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelization. */
  p: number;
  /** Derived key length in bytes. */
  keyLength: number;
}

/** Parameters for new hashes: N=2^14, r=8, p=1 (16 MiB of memory, a few tens of milliseconds per hash). */
export const DEFAULT_PASSWORD_PARAMS: PasswordHashParams = { N: 16384, r: 8, p: 1, keyLength: 32 };

const SALT_BYTES = 16;

function deriveKey(password: string, salt: Buffer, params: PasswordHashParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Hashes a password with scrypt and a random 16-byte salt. The result is self-describing:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`.
 */
export async function hashPassword(password: string, params: PasswordHashParams = DEFAULT_PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * True when `password` matches a hash made by hashPassword (constant-time comparison).
 * A malformed stored hash never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0) return false;
  const actual = await deriveKey(password, salt, { N, r, p, keyLength: expected.length });
  return timingSafeEqual(actual, expected);
}
