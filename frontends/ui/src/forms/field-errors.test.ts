import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  it('maps a reason map to validation keys, hyphenated field names to the form names', () => {
    expect(fieldErrors({ email: 'cant-be-blank', 'password-confirmation': 'doesnt-match', accept: ['must-be-accepted'] })).toEqual({
      email: 'validation.cant-be-blank',
      password_confirmation: 'validation.doesnt-match',
      accept: 'validation.must-be-accepted',
    });
  });
  it('ignores string reasons and unknown fields', () => {
    expect(fieldErrors('Email or password is incorrect')).toEqual({});
    expect(fieldErrors({ email: 'is-invalid', other: 'x' }, ['email'])).toEqual({ email: 'validation.is-invalid' });
  });
});
