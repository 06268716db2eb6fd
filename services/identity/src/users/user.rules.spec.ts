import { AppError } from '@app/proto';
import {
  accessExpired,
  confirmedFields,
  displayFields,
  isConfirmed,
  newUserFields,
  presentUser,
  requestedEmail,
  unsavedUser,
  UserDoc,
  validateLogin,
  validateProfileUpdate,
  validateRegistration,
} from './user.rules';

function reasonOf(fn: () => unknown): { error: string; reason: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { error: err.error, reason: err.reason };
    throw err;
  }
  throw new Error('did not throw');
}

const user = (over: Partial<UserDoc> = {}): UserDoc => ({
  _id: 'usr-1',
  _rev: '1-a',
  klass: 'User',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by: 'usr-1',
  email: 'ana@example.com',
  fullname: 'Ana Souza',
  locale: 'en',
  newsletter: false,
  confirmed_at: null,
  unconfirmed_email: null,
  confirmation_sent_at: '2026-01-01T00:00:00.000Z',
  password_hash: 'hash',
  confirmation_token_hash: 'c',
  reset_password_token_hash: 'r',
  reset_password_sent_at: null,
  reset_password_sent_to: null,
  ...displayFields('usr-1', 'ana@example.com', 'Ana Souza'),
  ...over,
});

describe('registration rules', () => {
  it('needs an e-mail, from email or unconfirmed_email, trimmed and lowercased', () => {
    expect(reasonOf(() => validateRegistration({ accept: true }))).toEqual({ error: 'unprocessable_entity', reason: { email: 'cant-be-blank' } });
    expect(reasonOf(() => validateRegistration({ email: '  ', accept: true })).reason).toEqual({ email: 'cant-be-blank' });
    expect(validateRegistration({ unconfirmed_email: ' Ana@Example.COM ', accept: true }).email).toBe('ana@example.com');
    expect(validateRegistration({ email: 'x@y.com', accept: true })).toEqual({ email: 'x@y.com', fullname: null, password: null, locale: 'en', newsletter: false });
  });

  it('refuses with is-invalid an address list, a display name, a quoted local part, a host without TLD, no @ or spaces', () => {
    for (const email of ['a@x.com,b@x.com,c@x.com', 'a@x.com;b@x.com', 'VictimCEO<m4@x.com>', 'VictimCEO <m4@x.com>', '"a@x.com,b"@x.com', 'a@localhost', 'legacy-user', 'a b@c.com', 'a@b@c.com']) {
      expect([email, reasonOf(() => validateRegistration({ email, accept: true })).reason]).toEqual([email, { email: 'is-invalid' }]);
    }
    expect(reasonOf(() => validateRegistration({ unconfirmed_email: 'a@x.com, b@x.com', accept: true })).reason).toEqual({ email: 'is-invalid' });
  });

  it('takes one plain address, also with a plus tag or accents, and refuses one longer than 254 characters as is-too-long', () => {
    expect(validateRegistration({ email: 'Ana+Tag@Example.COM', accept: true }).email).toBe('ana+tag@example.com');
    expect(validateRegistration({ email: 'joão@exemplo.com.br', accept: true }).email).toBe('joão@exemplo.com.br');
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(reasonOf(() => validateRegistration({ email: long, accept: true })).reason).toEqual({ email: 'is-too-long' });
  });

  it('needs matching passwords unless both are empty', () => {
    expect(validateRegistration({ email: 'a@b.co', accept: true, password: '', password_confirmation: '' }).password).toBeNull();
    expect(validateRegistration({ email: 'a@b.co', accept: true, password: 'secret1', password_confirmation: 'secret1' }).password).toBe('secret1');
    expect(reasonOf(() => validateRegistration({ email: 'a@b.co', accept: true, password: 'secret1' })).reason).toEqual({ password_confirmation: 'doesnt-match' });
    expect(reasonOf(() => validateRegistration({ email: 'a@b.co', accept: true, password: 'a', password_confirmation: 'b' })).reason).toEqual({ password_confirmation: 'doesnt-match' });
  });

  it('needs accept ticked', () => {
    expect(reasonOf(() => validateRegistration({ email: 'a@b.co' })).reason).toEqual({ accept: 'must-be-accepted' });
    expect(reasonOf(() => validateRegistration({ email: 'a@b.co', accept: false })).reason).toEqual({ accept: 'must-be-accepted' });
    expect(validateRegistration({ email: 'a@b.co', accept: 'true' }).email).toBe('a@b.co');
  });

  it('combines every field error in one reason map', () => {
    expect(reasonOf(() => validateRegistration({ password: 'a', password_confirmation: 'b', locale: 'fr', fullname: 3 })).reason).toEqual({
      email: 'cant-be-blank',
      password_confirmation: 'doesnt-match',
      accept: 'must-be-accepted',
      locale: 'is-invalid',
      fullname: 'is-invalid',
    });
  });

  it('takes the locale (en or pt-BR), fullname and newsletter', () => {
    const r = validateRegistration({ email: 'a@b.co', accept: true, locale: 'pt-br', fullname: '  Ana   Souza ', newsletter: true });
    expect(r).toMatchObject({ locale: 'pt-BR', fullname: 'Ana Souza', newsletter: true });
  });
});

describe('new users', () => {
  const reg = validateRegistration({ email: 'Ana@Example.com', fullname: 'Ana Souza', accept: true, locale: 'pt-BR' });

  it('a new user is unconfirmed, with the confirmation hash and its time', () => {
    expect(newUserFields('usr-9', reg, 'ph', 'th', 'now')).toEqual({
      email: 'ana@example.com',
      fullname: 'Ana Souza',
      locale: 'pt-BR',
      newsletter: false,
      ...displayFields('usr-9', 'ana@example.com', 'Ana Souza'),
      confirmed_at: null,
      unconfirmed_email: null,
      confirmation_sent_at: 'now',
      password_hash: 'ph',
      confirmation_token_hash: 'th',
      reset_password_token_hash: null,
      reset_password_sent_at: null,
      reset_password_sent_to: null,
    });
  });

  it('the unsaved user answered for a known address shows as a new user created by itself at rev 1', () => {
    const fields = newUserFields('usr-9', reg, 'ph', 'th', 'now');
    expect(presentUser(unsavedUser('usr-9', fields, 'then', '1-abc'))).toEqual({
      _id: 'usr-9',
      _rev: '1-abc',
      klass: 'User',
      name: 'usr-9',
      email: 'ana@example.com',
      fullname: 'Ana Souza',
      label: 'Ana Souza',
      short_name: 'Ana',
      locale: 'pt-BR',
      unconfirmed_email: null,
      confirmed_at: null,
      confirmation_sent_at: 'now',
      newsletter: false,
      gravatar_hash: fields.gravatar_hash,
      created_at: 'then',
      updated_at: 'then',
      created_by: 'usr-9',
    });
  });
});

describe('confirmation and reset request rules', () => {
  it('takes one plain address, trimmed and lowercased; blank is cant-be-blank, anything else is-invalid', () => {
    expect(requestedEmail(' Ana@Example.com ')).toBe('ana@example.com');
    expect(reasonOf(() => requestedEmail(''))).toEqual({ error: 'unprocessable_entity', reason: { email: 'cant-be-blank' } });
    for (const email of ['a@x.com,b@x.com', 'Boss <boss@x.com>', 'no-at-sign', 42]) {
      expect(reasonOf(() => requestedEmail(email))).toEqual({ error: 'unprocessable_entity', reason: { email: 'is-invalid' } });
    }
  });
});

describe('login rules', () => {
  it('needs username and password', () => {
    expect(reasonOf(() => validateLogin({ username: 'a@b.c' }))).toEqual({ error: 'bad_request', reason: 'Please provide username and password' });
    expect(reasonOf(() => validateLogin({ password: 'x' })).error).toBe('bad_request');
    expect(reasonOf(() => validateLogin({ username: 1, password: 'x' })).error).toBe('bad_request');
    expect(validateLogin({ username: ' A@B.c', password: 'x' })).toEqual({ email: 'a@b.c', password: 'x' });
  });
});

describe('derived fields and confirmation', () => {
  it('labels by fullname or e-mail', () => {
    expect(displayFields('usr-1', 'ana@example.com', 'Ana Souza')).toEqual({
      name: 'usr-1',
      label: 'Ana Souza',
      short_name: 'Ana',
      gravatar_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(displayFields('usr-1', 'ana@example.com', null)).toMatchObject({ label: 'ana@example.com', short_name: 'ana' });
    // md5 of the trimmed, lowercased address (gravatar)
    expect(displayFields('usr-1', 'MyEmailAddress@example.com ', null).gravatar_hash).toBe('0bc83cb571cd1c50ba6f3e8a78ef1346');
  });

  it('is confirmed when confirmed_at is set and no change is pending', () => {
    expect(isConfirmed({ confirmed_at: null, unconfirmed_email: null })).toBe(false);
    expect(isConfirmed({ confirmed_at: 'x', unconfirmed_email: null })).toBe(true);
    expect(isConfirmed({ confirmed_at: 'x', unconfirmed_email: 'new@b.c' })).toBe(false);
  });

  it('locks an unconfirmed account 30 days after confirmation_sent_at', () => {
    const sent = '2026-01-01T00:00:00.000Z';
    const day = 24 * 3600 * 1000;
    expect(accessExpired(user({ confirmation_sent_at: sent }), new Date(Date.parse(sent) + 29 * day))).toBe(false);
    expect(accessExpired(user({ confirmation_sent_at: sent }), new Date(Date.parse(sent) + 31 * day))).toBe(true);
    expect(accessExpired(user({ confirmation_sent_at: sent, confirmed_at: sent }), new Date(Date.parse(sent) + 99 * day))).toBe(false);
    expect(accessExpired(user({ confirmation_sent_at: null }), new Date(Date.parse(user().created_at) + 31 * day))).toBe(true);
  });

  it('confirming moves a pending address into email', () => {
    const fields = confirmedFields(user({ unconfirmed_email: 'new@example.com', fullname: null }), 'now');
    expect(fields).toMatchObject({ confirmed_at: 'now', email: 'new@example.com', unconfirmed_email: null, confirmation_token_hash: null, label: 'new@example.com' });
  });

  it('shows no secrets', () => {
    const shown = presentUser(user()) as Record<string, unknown>;
    expect(Object.keys(shown).filter((k) => /hash$|token|password/.test(k) && k !== 'gravatar_hash')).toEqual([]);
  });
});

describe('profile update rules', () => {
  const u = user();

  it('needs current_password for every change', () => {
    expect(reasonOf(() => validateProfileUpdate({ fullname: 'X' }, u))).toEqual({ error: 'unprocessable_entity', reason: { current_password: 'cant-be-blank' } });
    expect(validateProfileUpdate({ fullname: 'X', current_password: 'p' }, u)).toEqual({ currentPassword: 'p', changes: { fullname: 'X' }, newEmail: null, password: null });
  });

  it('refuses unknown fields with their names, and a changed email', () => {
    expect(reasonOf(() => validateProfileUpdate({ current_password: 'p', password_hash: 'x', admin: true }, u))).toEqual({
      error: 'bad_request',
      reason: 'Unknown field: password_hash, admin',
    });
    expect(reasonOf(() => validateProfileUpdate({ current_password: 'p', email: 'other@x.y' }, u)).reason).toEqual({ email: 'is-invalid' });
  });

  it('ignores the shown fields sent back unchanged, and return_url', () => {
    const r = validateProfileUpdate({ ...presentUser(u), newsletter: true, current_password: 'p', return_url: '/x' }, u);
    expect(r.changes).toEqual({ newsletter: true });
  });

  it('a new e-mail goes to unconfirmed_email; the current one or blank cancels a pending change', () => {
    expect(validateProfileUpdate({ unconfirmed_email: ' New@Example.com', current_password: 'p' }, u)).toMatchObject({
      changes: { unconfirmed_email: 'new@example.com' },
      newEmail: 'new@example.com',
    });
    const pending = user({ unconfirmed_email: 'new@example.com' });
    expect(validateProfileUpdate({ unconfirmed_email: 'ana@example.com', current_password: 'p' }, pending).changes).toEqual({ unconfirmed_email: null });
    expect(validateProfileUpdate({ unconfirmed_email: '', current_password: 'p' }, pending).changes).toEqual({ unconfirmed_email: null });
    expect(validateProfileUpdate({ unconfirmed_email: 'new@example.com', current_password: 'p' }, pending)).toMatchObject({ changes: {}, newEmail: null });
    expect(reasonOf(() => validateProfileUpdate({ unconfirmed_email: 'nope', current_password: 'p' }, u)).reason).toEqual({ unconfirmed_email: 'is-invalid' });
  });

  it('refuses with is-invalid a new e-mail that is an address list or has a display name', () => {
    for (const unconfirmed_email of ['a@x.com,b@x.com', 'Boss <boss@x.com>', 'a@localhost']) {
      expect(reasonOf(() => validateProfileUpdate({ unconfirmed_email, current_password: 'p' }, u)).reason).toEqual({ unconfirmed_email: 'is-invalid' });
    }
  });

  it('a password change needs a matching confirmation', () => {
    expect(reasonOf(() => validateProfileUpdate({ password: 'a', password_confirmation: 'b', current_password: 'p' }, u)).reason).toEqual({
      password_confirmation: 'doesnt-match',
    });
    expect(validateProfileUpdate({ password: 'abc', password_confirmation: 'abc', current_password: 'p' }, u).password).toBe('abc');
    expect(reasonOf(() => validateProfileUpdate({ password: 'a', password_confirmation: 'b' }, u)).reason).toEqual({
      current_password: 'cant-be-blank',
      password_confirmation: 'doesnt-match',
    });
  });
});
