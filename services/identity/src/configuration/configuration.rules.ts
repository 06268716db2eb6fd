import { AppError, FIELD_MESSAGES as M, KLASSES, LOCALES } from '@app/proto';

// User configuration (spec §3): key/value documents in the user's own db, e.g. key `locale`.

export const MAX_KEY = 100;
export const MAX_VALUE_BYTES = 16 * 1024;

/** Values some keys must have. */
const KEY_VALUES: Record<string, readonly unknown[]> = { locale: LOCALES };

export interface ConfigurationFields {
  _id?: string;
  key: string;
  value: unknown;
}

/** Create (key required) or update (key unchanged, usually only `value` is sent: spec §7 PUT /{userId}/{configId}). */
export function validateConfiguration(fields: Record<string, unknown>, prev: { key: string } | null): ConfigurationFields {
  const errors: Record<string, string> = {};
  const unknown = Object.keys(fields).filter((k) => !['_id', 'klass', 'key', 'value'].includes(k));
  if (unknown.length) throw new AppError('bad_request', `Unknown field: ${unknown.join(', ')}`);

  let key = prev?.key ?? '';
  if (fields.key !== undefined || !prev) {
    if (fields.key === undefined || fields.key === null || (typeof fields.key === 'string' && fields.key.trim() === '')) errors.key = M.blank;
    else if (typeof fields.key !== 'string') errors.key = M.invalid;
    else if (fields.key.trim().length > MAX_KEY) errors.key = M.tooLong;
    else if (prev && fields.key.trim() !== prev.key) errors.key = M.invalid; // a key is not renamed
    else key = fields.key.trim();
  }
  const value = fields.value === undefined ? null : fields.value;
  if (JSON.stringify(value).length > MAX_VALUE_BYTES) errors.value = M.tooLong;
  else if (key in KEY_VALUES && !KEY_VALUES[key].includes(value)) errors.value = M.invalid;

  const prefix = `${KLASSES.UserConfiguration.prefix}-`;
  if (!prev && fields._id !== undefined && (typeof fields._id !== 'string' || !fields._id.startsWith(prefix) || fields._id.length > 100)) {
    errors._id = M.invalid;
  }
  if (Object.keys(errors).length) throw new AppError('unprocessable_entity', errors);
  return prev || fields._id === undefined ? { key, value } : { _id: fields._id as string, key, value };
}
