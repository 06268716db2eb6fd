import { AppError, DEFAULT_LOCALE, DocMeta, FIELD_MESSAGES as M, Locale, LOCALES, PublicUser, RegisterRequest, REASONS, UNCONFIRMED_ACCESS_DAYS } from '@app/proto';
import isEmail from 'validator/lib/isEmail';
import { md5 } from '../common/secrets';

// The rules of spec §4 (e-mail confirmation) and §5 (registration, login, profile) as pure functions.

/** The stored user (db `_users`): the public fields plus the secrets that never leave this service. */
export interface UserFields {
  email: string;
  fullname: string | null;
  locale: string;
  newsletter: boolean;
  name: string;
  label: string;
  short_name: string;
  gravatar_hash: string;
  confirmed_at: string | null;
  unconfirmed_email: string | null;
  confirmation_sent_at: string | null;
  password_hash: string | null;
  confirmation_token_hash: string | null;
  reset_password_token_hash: string | null;
  reset_password_sent_at: string | null;
  /** the address the reset link went to: the e-mail, or the pending unconfirmed_email */
  reset_password_sent_to: string | null;
}
export type UserDoc = DocMeta & UserFields;

export type FieldErrors = Record<string, string>;

export const MAX_EMAIL = 254;
export const MAX_FULLNAME = 200;
export const MAX_PASSWORD = 1024;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The derived fields a user shows: name (= _id), label, short_name and the gravatar hash of the e-mail. */
export function displayFields(id: string, email: string, fullname: string | null) {
  return {
    name: id,
    label: fullname || email,
    short_name: fullname ? fullname.split(/\s+/)[0] : email.split('@')[0],
    gravatar_hash: md5(normalizeEmail(email)),
  };
}

/**
 * One plain address: no list, no display name, no quoted local part (which may hide commas), a host with a TLD. Mail
 * goes to what users type, so anything the transport could read as several recipients or a "Name <address>" is refused.
 */
const EMAIL_OPTIONS = { allow_display_name: false, require_tld: true, allow_ip_domain: false, blacklisted_chars: '"' };

/** The field error of a normalized address (is-too-long, is-invalid), or null when it is one plain address. */
export function emailError(address: string): string | null {
  if (address.length > MAX_EMAIL) return M.tooLong;
  return isEmail(address, EMAIL_OPTIONS) ? null : M.invalid;
}

/**
 * Mails go only to one plain address. Spec §5 sends none to an address without @; users stored before addresses were
 * checked may have one, or a list, and get no mail.
 */
export function canMail(address: string | null | undefined): address is string {
  return !!address && emailError(address) === null;
}

/** spec §4: confirmed when confirmed_at is set and no changed e-mail is pending. */
export function isConfirmed(user: Pick<UserFields, 'confirmed_at' | 'unconfirmed_email'>): boolean {
  return !!user.confirmed_at && !user.unconfirmed_email;
}

/**
 * spec §4/§9: an unconfirmed account loses access 30 days after confirmation_sent_at. It applies to accounts whose
 * address was never confirmed (confirmed_at null); a confirmed user with a pending e-mail change keeps access.
 * Without a sent confirmation (an address without @) the clock starts at created_at.
 */
export function accessExpired(user: Pick<UserDoc, 'confirmed_at' | 'confirmation_sent_at' | 'created_at'>, now = new Date()): boolean {
  if (user.confirmed_at) return false;
  const since = Date.parse(user.confirmation_sent_at ?? user.created_at);
  return Number.isFinite(since) && now.getTime() - since > UNCONFIRMED_ACCESS_DAYS * 24 * 3600 * 1000;
}

export function assertAccess(user: UserDoc, now = new Date()): void {
  if (accessExpired(user, now)) throw new AppError('forbidden', REASONS.confirmFirst);
}

/** The user as the API shows it (proto PublicUser): never the password hash, tokens or token hashes. */
export function presentUser(user: UserDoc): PublicUser {
  return {
    _id: user._id,
    _rev: user._rev,
    klass: 'User',
    name: user.name,
    email: user.email,
    fullname: user.fullname ?? null,
    label: user.label,
    short_name: user.short_name,
    locale: user.locale,
    unconfirmed_email: user.unconfirmed_email ?? null,
    confirmed_at: user.confirmed_at ?? null,
    confirmation_sent_at: user.confirmation_sent_at ?? null,
    newsletter: !!user.newsletter,
    gravatar_hash: user.gravatar_hash,
    created_at: user.created_at,
    updated_at: user.updated_at,
    created_by: user.created_by ?? null,
  };
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new AppError('unprocessable_entity', errors);
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function readLocale(value: unknown, errors: FieldErrors): Locale | undefined {
  if (blank(value)) return undefined;
  const found = typeof value === 'string' ? LOCALES.find((l) => l.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (!found) errors.locale = M.invalid;
  return found;
}

function readFullname(value: unknown, errors: FieldErrors): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') {
    errors.fullname = M.invalid;
    return undefined;
  }
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length > MAX_FULLNAME) errors.fullname = M.tooLong;
  return name || null;
}

function readBoolean(key: string, value: unknown, errors: FieldErrors): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') errors[key] = M.invalid;
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * A new password and its confirmation: they must match unless both are empty (spec §5). Answers the password to set,
 * or null when none is given. `required` (password reset) makes an empty password `cant-be-blank`.
 */
export function readNewPassword(password: unknown, confirmation: unknown, errors: FieldErrors, required = false): string | null {
  const p = password ?? '';
  const c = confirmation ?? '';
  if (typeof p !== 'string') {
    errors.password = M.invalid;
    return null;
  }
  if (typeof c !== 'string') {
    errors.password_confirmation = M.invalid;
    return null;
  }
  if (p === '' && required) errors.password = M.blank;
  else if (p.length > MAX_PASSWORD) errors.password = M.tooLong;
  if (p !== c) errors.password_confirmation = M.mismatch;
  return p === '' ? null : p;
}

export interface Registration {
  email: string;
  fullname: string | null;
  password: string | null;
  locale: Locale;
  newsletter: boolean;
}

/** POST /_users (spec §5): all field errors at once, as one 422 reason map. */
export function validateRegistration(body: RegisterRequest): Registration {
  const errors: FieldErrors = {};
  const rawEmail = blank(body.email) ? body.unconfirmed_email : body.email;
  let email = '';
  if (blank(rawEmail)) errors.email = M.blank;
  else if (typeof rawEmail !== 'string') errors.email = M.invalid;
  else {
    email = normalizeEmail(rawEmail);
    const error = emailError(email);
    if (error) errors.email = error;
  }
  const fullname = readFullname(body.fullname, errors) ?? null;
  const password = readNewPassword(body.password, body.password_confirmation, errors);
  if (body.accept !== true && body.accept !== 'true') errors.accept = M.mustBeAccepted;
  const locale = readLocale(body.locale, errors) ?? DEFAULT_LOCALE;
  const newsletter = readBoolean('newsletter', body.newsletter, errors) ?? false;
  throwIfAny(errors);
  return { email, fullname, password, locale, newsletter };
}

/**
 * A new user's stored fields: unconfirmed, with the hash of the confirmation link that is mailed (validateRegistration
 * made sure the address can be mailed).
 */
export function newUserFields(id: string, reg: Registration, passwordHash: string | null, confirmationTokenHash: string, now: string): UserFields {
  return {
    email: reg.email,
    fullname: reg.fullname,
    locale: reg.locale,
    newsletter: reg.newsletter,
    ...displayFields(id, reg.email, reg.fullname),
    confirmed_at: null,
    unconfirmed_email: null,
    confirmation_sent_at: now,
    password_hash: passwordHash,
    confirmation_token_hash: confirmationTokenHash,
    reset_password_token_hash: null,
    reset_password_sent_at: null,
    reset_password_sent_to: null,
  };
}

/**
 * What a registration of an address that already has an account answers: the user it would have created (the id it
 * chose, rev 1, stamped now), never stored. Shaped like a new user's reply, it does not tell that the address is known.
 */
export function unsavedUser(id: string, fields: UserFields, now: string, rev: string): UserDoc {
  return { ...fields, _id: id, _rev: rev, klass: 'User', created_at: now, updated_at: now, created_by: id };
}

/**
 * The e-mail of a confirmation or reset request: 422 cant-be-blank when it is missing, is-invalid (or is-too-long) when
 * it is not one plain address. Only the form is judged, so the answer tells nothing about which addresses have accounts.
 */
export function requestedEmail(email: unknown): string {
  if (blank(email)) throw new AppError('unprocessable_entity', { email: M.blank });
  if (typeof email !== 'string') throw new AppError('unprocessable_entity', { email: M.invalid });
  const address = normalizeEmail(email);
  const error = emailError(address);
  if (error) throw new AppError('unprocessable_entity', { email: error });
  return address;
}

/** spec §8: a confirmation or reset link that is unknown, used or expired. */
export function tokenMissing(): AppError {
  return new AppError('token_missing', REASONS.tokenMissing);
}

/** POST /_session: both fields are needed (spec §5), else 400. */
export function validateLogin(body: { username?: unknown; password?: unknown }): { email: string; password: string } {
  const { username, password } = body;
  if (blank(username) || blank(password) || typeof username !== 'string' || typeof password !== 'string') {
    throw new AppError('bad_request', REASONS.loginMissing);
  }
  return { email: normalizeEmail(username), password };
}

/** Fields a profile update may change, and the ones it must carry. */
const PROFILE_FIELDS = new Set(['fullname', 'newsletter', 'unconfirmed_email', 'locale', 'password', 'password_confirmation', 'current_password', 'return_url']);
/** Fields of the shown user a client may send back unchanged (a PUT of the loaded document); they are ignored. */
const ECHOED_FIELDS = new Set([
  '_id', '_rev', 'klass', 'name', 'email', 'label', 'short_name', 'gravatar_hash', 'confirmed_at',
  'confirmation_sent_at', 'created_at', 'updated_at', 'created_by', 'roles',
]);

export interface ProfileUpdate {
  currentPassword: string;
  changes: Partial<Pick<UserFields, 'fullname' | 'newsletter' | 'locale' | 'unconfirmed_email'>>;
  /** the new e-mail address asked for (unconfirmed_email set to a new value), to confirm by mail */
  newEmail: string | null;
  password: string | null;
}

/**
 * PUT /_users/{id} (spec §5, §7): fullname, newsletter, unconfirmed_email and locale, or a new password, always with
 * current_password. A field outside these is refused with 400 naming it; `email` is read-only (a new address goes
 * to unconfirmed_email and waits for its confirmation).
 */
export function validateProfileUpdate(body: Record<string, unknown>, user: UserFields): ProfileUpdate {
  const unknown = Object.keys(body).filter((k) => !PROFILE_FIELDS.has(k) && !ECHOED_FIELDS.has(k));
  if (unknown.length) throw new AppError('bad_request', `Unknown field: ${unknown.join(', ')}`);

  const errors: FieldErrors = {};
  const changes: ProfileUpdate['changes'] = {};
  let newEmail: string | null = null;

  if (typeof body.email === 'string' && normalizeEmail(body.email) !== user.email) errors.email = M.invalid;

  const current = body.current_password;
  if (blank(current)) errors.current_password = M.blank;
  else if (typeof current !== 'string') errors.current_password = M.invalid;

  const fullname = readFullname(body.fullname, errors);
  if (fullname !== undefined && fullname !== user.fullname) changes.fullname = fullname;
  const newsletter = readBoolean('newsletter', body.newsletter, errors);
  if (newsletter !== undefined && newsletter !== user.newsletter) changes.newsletter = newsletter;
  const locale = readLocale(body.locale, errors);
  if (locale !== undefined && locale !== user.locale) changes.locale = locale;

  if ('unconfirmed_email' in body) {
    const raw = body.unconfirmed_email;
    if (blank(raw) || (typeof raw === 'string' && normalizeEmail(raw) === user.email)) {
      if (user.unconfirmed_email) changes.unconfirmed_email = null; // cancels a pending change
    } else if (typeof raw !== 'string') {
      errors.unconfirmed_email = M.invalid;
    } else {
      const address = normalizeEmail(raw);
      const error = emailError(address);
      if (error) errors.unconfirmed_email = error;
      else if (address !== user.unconfirmed_email) {
        newEmail = address;
        changes.unconfirmed_email = newEmail;
      }
    }
  }

  const password = 'password' in body || 'password_confirmation' in body ? readNewPassword(body.password, body.password_confirmation, errors) : null;
  throwIfAny(errors);
  return { currentPassword: current as string, changes, newEmail, password };
}

/** The fields the e-mail confirmation sets: confirmed now, and a pending address becomes the e-mail. */
export function confirmedFields(user: UserDoc, now: string): Partial<UserFields> {
  const email = user.unconfirmed_email ?? user.email;
  return {
    confirmed_at: now,
    email,
    unconfirmed_email: null,
    confirmation_token_hash: null,
    ...displayFields(user._id, email, user.fullname),
  };
}
