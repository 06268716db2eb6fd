import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-form';

describe('validateLogin', () => {
  it('accepts an e-mail and a password', () => {
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toEqual({});
    expect(validateLogin({ email: '  ana.maria+tag@mail.example.com.br ', password: ' ' })).toEqual({});
  });
  it('requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'validation.required', password: 'validation.required' });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'validation.required' });
  });
  it('refuses what is not an e-mail address', () => {
    for (const email of ['not-an-email', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@exa mple.com', 'a@b@c.com', 'ana@example..com'])
      expect(validateLogin({ email, password: 'x' }).email).toBe('validation.invalid_email');
  });
});
