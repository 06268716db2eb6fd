import { AppError } from '@app/proto';
import { sha256 } from '../common/secrets';
import { applyTokenUpdate, newTokenSecret, TokenFields, tokenHashOf, validateTokenCreate } from './token.rules';

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).reason;
  }
  throw new Error('did not throw');
};

describe('token rules', () => {
  it('makes sdt_ secrets and stores only their sha256', () => {
    const { token, token_hash } = newTokenSecret();
    expect(token).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    expect(token_hash).toBe(sha256(token));
    expect(tokenHashOf(token)).toBe(token_hash);
    expect(tokenHashOf('garbage')).toBeNull();
    expect(tokenHashOf(`${token}x`)).toBeNull();
  });

  it('creates with read by default, read/write on request, nothing else', () => {
    expect(validateTokenCreate({})).toEqual({ description: '', permissions: ['read'] });
    expect(validateTokenCreate({ description: ' CI ', permissions: ['write', 'read'], active: false, token_hash: 'x' })).toEqual({
      description: 'CI',
      permissions: ['read', 'write'],
    });
    expect(reason(() => validateTokenCreate({ permissions: ['admin'] }))).toEqual({ permissions: 'is-invalid' });
    expect(reason(() => validateTokenCreate({ permissions: [] }))).toEqual({ permissions: 'is-invalid' });
    expect(reason(() => validateTokenCreate({ description: 5 }))).toEqual({ description: 'is-invalid' });
  });

  const prev: TokenFields = { user_id: 'usr-1', description: 'CI', permissions: ['read'], active: true, token_hash: 'h' };

  it('updates only description and revokes, once', () => {
    expect(applyTokenUpdate({ active: false }, prev)).toEqual({ ...prev, active: false });
    expect(applyTokenUpdate({ description: 'deploy', permissions: ['read'], user_id: 'usr-1' }, prev)).toEqual({ ...prev, description: 'deploy' });
    expect(reason(() => applyTokenUpdate({ permissions: ['read', 'write'] }, prev))).toEqual({ permissions: 'is-invalid' });
    expect(reason(() => applyTokenUpdate({ user_id: 'usr-2' }, prev))).toEqual({ user_id: 'is-invalid' });
    expect(reason(() => applyTokenUpdate({ active: true }, { ...prev, active: false }))).toEqual({ active: 'is-invalid' });
  });
});
