import {
  ACCOUNT_CONFIG_KEYS,
  ACCOUNT_REASONS,
  AccountConfigKey,
  AddressList,
  AppError,
  CONTRACT_RECEIPT,
  FEATURE_FLAGS,
  FIELD_MESSAGES as M,
  KLASSES,
  PhoneList,
  SERVER_CONFIG_KEYS,
} from '@app/proto';
import { billingEmailError, MAX_EMAIL, MAX_NAME } from '../groups/account.rules';
import { parseField } from '@app/platform';

// Account configuration (spec §3): key/value documents in the account's db, one per key, written by administrators.
// Every key of the spec is accepted, each value checked for its key; phones and addresses are JSON-text lists whose
// entries are checked one by one (a subrecord, not a record).

export const NOT_IN_LIST = 'not-in-list';
export const ONLY_ONE_MAIN = 'only-one-main';
export const MAX_TEXT = 10_000;
export const MAX_LIST_TEXT = 64 * 1024;

export interface ConfigurationFields {
  _id?: string;
  key: AccountConfigKey;
  value: unknown;
}

export function isConfigKey(key: unknown): key is AccountConfigKey {
  return typeof key === 'string' && (ACCOUNT_CONFIG_KEYS as readonly string[]).includes(key);
}

export function isServerKey(key: string): boolean {
  return (SERVER_CONFIG_KEYS as readonly string[]).includes(key);
}

/** Settings that are payment details: only administrators read them (spec §6 "sees payment details"). */
export const PAYMENT_CONFIG_KEYS: readonly AccountConfigKey[] = ['platform_customer_id'];

export function isPaymentKey(key: unknown): boolean {
  return (PAYMENT_CONFIG_KEYS as readonly unknown[]).includes(key);
}

const invalid = (reason: string = M.invalid) => new AppError('unprocessable_entity', { value: reason });

function textValue(value: unknown, max: number, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw invalid(M.blank);
    return null;
  }
  if (typeof value !== 'string') throw invalid();
  if (value.length > max) throw invalid(M.tooLong);
  return required ? value.trim() : value;
}

/** A phones or addresses value: a JSON-text list (or the list itself); entries marked to delete are dropped. */
function listValue(key: 'phones' | 'addresses', value: unknown): string {
  let list = value;
  if (typeof value === 'string') {
    if (value.length > MAX_LIST_TEXT) throw invalid(M.tooLong);
    try {
      list = value.trim() === '' ? [] : JSON.parse(value);
    } catch {
      throw invalid();
    }
  }
  if (list === null || list === undefined) list = [];
  const entries: Array<Record<string, unknown>> = key === 'phones' ? parseField(PhoneList, list, 'value') : parseField(AddressList, list, 'value');
  const kept = entries.filter((e) => e.marktodelete !== true);
  if (kept.filter((e) => e.main === true).length > 1) throw invalid(ONLY_ONE_MAIN);
  const ids = kept.map((e) => (e.id ?? e.uuid) as string);
  if (new Set(ids).size !== ids.length) throw invalid();
  const text = JSON.stringify(kept);
  if (text.length > MAX_LIST_TEXT) throw invalid(M.tooLong);
  return text;
}

/** The stored value of a key, or a 422 `{value: …}` (403 for a key only the server writes). */
export function validateValue(key: AccountConfigKey, value: unknown): unknown {
  if (isServerKey(key)) throw new AppError('forbidden', ACCOUNT_REASONS.managedSetting);
  if ((FEATURE_FLAGS as readonly string[]).includes(key)) {
    if (typeof value !== 'boolean') throw invalid();
    return value;
  }
  switch (key) {
    case 'contract-receipt':
      if (!(CONTRACT_RECEIPT as readonly unknown[]).includes(value)) throw invalid(NOT_IN_LIST);
      return value;
    case 'name':
      return textValue(value, MAX_NAME, true);
    case 'billing-email': {
      // the same rule as the Account's billing_email; the error names the setting's field, `value`
      const email = textValue(value, MAX_EMAIL, false);
      const error = email === null ? null : billingEmailError(email);
      if (error) throw invalid(error);
      return email?.trim() ?? null;
    }
    case 'estimate-observation':
    case 'receipt-configuration':
      return textValue(value, MAX_TEXT, false);
    case 'phones':
    case 'addresses':
      return listValue(key, value);
    case 'parent-account-id': {
      const id = textValue(value, 200, false);
      if (id !== null && !/^acc-[\x21-\x7e]+$/.test(id)) throw invalid();
      return id;
    }
    default:
      throw invalid();
  }
}

/** Create (key required) or update (the key stays; usually only `value` is sent: spec §7 PUT /{account_id}/{id}). */
export function validateConfiguration(fields: Record<string, unknown>, prev: { key: string } | null): ConfigurationFields {
  const unknown = Object.keys(fields).filter((k) => !['_id', 'klass', 'key', 'value'].includes(k));
  if (unknown.length) throw new AppError('bad_request', `Unknown field: ${unknown.join(', ')}`);
  let key: unknown = prev?.key;
  if (!prev || (fields.key !== undefined && fields.key !== prev.key)) {
    if (prev) throw new AppError('unprocessable_entity', { key: M.invalid }); // a key is not renamed
    if (fields.key === undefined || fields.key === null || fields.key === '') throw new AppError('unprocessable_entity', { key: M.blank });
    if (!isConfigKey(fields.key)) throw new AppError('unprocessable_entity', { key: NOT_IN_LIST });
    key = fields.key;
  }
  if (!isConfigKey(key)) throw new AppError('unprocessable_entity', { key: NOT_IN_LIST });
  const value = validateValue(key, fields.value);
  const prefix = `${KLASSES.AccountConfiguration.prefix}-`;
  if (!prev && fields._id !== undefined) {
    if (typeof fields._id !== 'string' || !fields._id.startsWith(prefix) || fields._id.length > 100) {
      throw new AppError('unprocessable_entity', { _id: M.invalid });
    }
    return { _id: fields._id, key, value };
  }
  return { key, value };
}
