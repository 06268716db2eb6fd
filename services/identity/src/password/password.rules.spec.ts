import { displayFields, UserDoc } from '../users/user.rules';
import { resetExpired, resetFields } from './password.rules';

const user = (over: Partial<UserDoc>): UserDoc => ({
  _id: 'usr-1',
  _rev: '3-x',
  klass: 'User',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by: 'usr-1',
  email: 'old@example.com',
  fullname: null,
  locale: 'en',
  newsletter: false,
  confirmed_at: null,
  unconfirmed_email: null,
  confirmation_sent_at: null,
  password_hash: null,
  confirmation_token_hash: 'c',
  reset_password_token_hash: 'r',
  reset_password_sent_at: '2026-01-01T00:00:00.000Z',
  reset_password_sent_to: 'old@example.com',
  ...displayFields('usr-1', 'old@example.com', null),
  ...over,
});

describe('password reset rules', () => {
  it('a link is valid 24 hours', () => {
    const sent = '2026-01-01T00:00:00.000Z';
    expect(resetExpired(sent, new Date('2026-01-01T23:59:00.000Z'))).toBe(false);
    expect(resetExpired(sent, new Date('2026-01-02T00:01:00.000Z'))).toBe(true);
    expect(resetExpired(null)).toBe(true);
  });

  it('uses the token up and confirms the address the link went to', () => {
    const cleared = { reset_password_token_hash: null, reset_password_sent_at: null, reset_password_sent_to: null };
    expect(resetFields(user({}), 'now')).toEqual({ ...cleared, confirmed_at: 'now' });
    expect(resetFields(user({ confirmed_at: 'before' }), 'now')).toEqual(cleared);
    expect(resetFields(user({ confirmed_at: 'before', unconfirmed_email: 'new@example.com' }), 'now')).toEqual(cleared);
    expect(resetFields(user({ unconfirmed_email: 'new@example.com', reset_password_sent_to: 'new@example.com' }), 'now')).toMatchObject({
      ...cleared,
      confirmed_at: 'now',
      email: 'new@example.com',
      unconfirmed_email: null,
      label: 'new@example.com',
    });
  });
});
