import { AppError, errors } from '@app/proto';
import { assertProfileChangeBy, isWrongCurrentPassword, resetTargets, SESSION_NEEDED } from './users.rules';

describe('users rules', () => {
  it('a profile change needs a session: a token or nobody is 403 with the reason', () => {
    expect(() => assertProfileChangeBy('session')).not.toThrow();
    for (const via of ['token', 'none'] as const) {
      let caught: unknown;
      try {
        assertProfileChangeBy(via);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).toBody()).toEqual({ error: 'forbidden', reason: SESSION_NEEDED });
    }
  });

  it('only identity’s 422 current_password is-invalid counts as a wrong current password', () => {
    expect(isWrongCurrentPassword(new AppError('unprocessable_entity', { current_password: 'is-invalid' }))).toBe(true);
    expect(isWrongCurrentPassword(new AppError('unprocessable_entity', { current_password: 'cant-be-blank' }))).toBe(false);
    expect(isWrongCurrentPassword(new AppError('unprocessable_entity', { fullname: 'is-invalid' }))).toBe(false);
    expect(isWrongCurrentPassword(errors.conflict())).toBe(false);
    expect(isWrongCurrentPassword(errors.badRequest('Unknown field: admin'))).toBe(false);
    expect(isWrongCurrentPassword(new Error('is-invalid'))).toBe(false);
  });

  it('reads the user and the revoked token ids of a reset answer, ignoring what is not an id', () => {
    expect(resetTargets({ ok: true, user_id: 'usr-1', revoked_token_ids: ['utk-1', 'utk-2'] })).toEqual({ userId: 'usr-1', tokenIds: ['utk-1', 'utk-2'] });
    expect(resetTargets({ ok: true, user_id: 'usr-1', revoked_token_ids: ['utk-1', 5, '', null] })).toEqual({ userId: 'usr-1', tokenIds: ['utk-1'] });
    expect(resetTargets({ ok: true })).toEqual({ userId: null, tokenIds: [] });
    expect(resetTargets({ ok: true, user_id: 7, revoked_token_ids: 'utk-1' })).toEqual({ userId: null, tokenIds: [] });
  });
});
