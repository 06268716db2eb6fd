import { createHash, randomBytes } from 'crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Passwords are hashed with argon2id (memory-hard, DESIGN: tenancy and security); tokens are random and stored as
// sha256 hashes, so a leaked table gives neither passwords nor usable tokens.

/** `Algorithm.Argon2id`: the enum is a `const enum`, which swc cannot inline, so its value is spelled here. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown user, user without a password) it still
 * verifies against a dummy hash, so both cases cost the same time and do not reveal which accounts exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** 32 random bytes, base64url: the secret part of confirmation and reset links and of user tokens. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function md5(value: string): string {
  return createHash('md5').update(value, 'utf8').digest('hex');
}
