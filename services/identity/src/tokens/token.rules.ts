import { AppError, FIELD_MESSAGES as M, TOKEN_PERMISSIONS, TokenPermission } from '@app/proto';
import { randomSecret, sha256 } from '../common/secrets';

// User tokens (spec §3 User token, §6 "authorization is either a stored bearer token or a session cookie").

export const TOKEN_PREFIX = 'sdt_';
export const MAX_DESCRIPTION = 200;

export interface TokenFields {
  user_id: string;
  description: string;
  permissions: TokenPermission[];
  active: boolean;
  /** sha256 of the secret; the secret itself is shown once, on creation */
  token_hash: string;
}

/** A new secret (`sdt_` + 32 random bytes, base64url) and the hash that is stored. */
export function newTokenSecret(): { token: string; token_hash: string } {
  const token = TOKEN_PREFIX + randomSecret();
  return { token, token_hash: sha256(token) };
}

/** The stored hash of a presented token, or null when it cannot be one of ours (no database look-up needed). */
export function tokenHashOf(token: string): string | null {
  return /^sdt_[A-Za-z0-9_-]{43}$/.test(token) ? sha256(token) : null;
}

const unprocessable = (reason: Record<string, string>) => new AppError('unprocessable_entity', reason);

function readDescription(value: unknown, errors: Record<string, string>): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') errors.description = M.invalid;
  else if (value.trim().length > MAX_DESCRIPTION) errors.description = M.tooLong;
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Creating a token: a description and permissions, a subset of read/write (default read). Nothing else is taken. */
export function validateTokenCreate(fields: Record<string, unknown>): Pick<TokenFields, 'description' | 'permissions'> {
  const errors: Record<string, string> = {};
  const description = readDescription(fields.description, errors) ?? '';
  let permissions: TokenPermission[] = ['read'];
  const raw = fields.permissions;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((p) => !(TOKEN_PERMISSIONS as readonly unknown[]).includes(p))) {
      errors.permissions = M.invalid;
    } else {
      permissions = TOKEN_PERMISSIONS.filter((p) => raw.includes(p));
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { description, permissions };
}

const SAME = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Updating a token may change only `description` and revoke it (`active: false`); a revoked token stays revoked.
 * Other fields may be sent back unchanged. Answers the whole stored body to write.
 */
export function applyTokenUpdate(fields: Record<string, unknown>, prev: TokenFields): TokenFields {
  const errors: Record<string, string> = {};
  const next: TokenFields = {
    user_id: prev.user_id,
    description: prev.description,
    permissions: prev.permissions,
    active: prev.active,
    token_hash: prev.token_hash,
  };
  for (const [key, value] of Object.entries(fields)) {
    if (key === '_id' || key === 'klass') continue;
    if (key === 'description') {
      const d = readDescription(value, errors);
      if (d !== undefined) next.description = d;
    } else if (key === 'active') {
      if (typeof value !== 'boolean' || (value && !prev.active)) errors.active = M.invalid;
      else next.active = value;
    } else if (!SAME(value, (prev as unknown as Record<string, unknown>)[key])) {
      errors[key] = M.invalid;
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  return next;
}
