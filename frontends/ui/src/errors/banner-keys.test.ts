import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { createI18n } from '../i18n';
import { errorBannerKeys, reasonKey } from './banner-keys';

describe('error banner keys (spec §8)', () => {
  it('keys the title by the error and the detail by a string reason', () => {
    expect(errorBannerKeys(new ApiError(401, 'unauthorized', 'Email or password is incorrect'))).toEqual({
      title: { key: 'errors.title.unauthorized', text: 'unauthorized' },
      detail: { key: 'errors.reason.Email-or-password-is-incorrect', text: 'Email or password is incorrect' },
    });
  });

  it('turns spaces into hyphens and drops apostrophes, dots and commas', () => {
    expect(reasonKey("Record updated by someone else, please refresh.")).toBe('Record-updated-by-someone-else-please-refresh');
    expect(reasonKey("You can't do that")).toBe('You-cant-do-that');
    expect(reasonKey('You can have only 1 free Group, confirm your email for more')).toBe(
      'You-can-have-only-1-free-Group-confirm-your-email-for-more',
    );
  });

  it('has no detail when the reason is a field map', () => {
    const keys = errorBannerKeys(new ApiError(422, 'unprocessable_entity', { email: 'cant-be-blank' }));
    expect(keys).toEqual({ title: { key: 'errors.title.unprocessable_entity', text: 'unprocessable_entity' } });
  });

  it('shows the error name and message without a response', () => {
    expect(errorBannerKeys(new TypeError('Failed to fetch'))).toEqual({
      title: { key: 'errors.title.TypeError', text: 'TypeError' },
      detail: { key: '', text: 'Failed to fetch' },
    });
    expect(errorBannerKeys(new ApiError(0, 'connection error', 'Network error')).detail?.key).toBe('errors.reason.Network-error');
  });

  it("falls back to 'undefined error'", () => {
    expect(errorBannerKeys(undefined)).toEqual({ title: { key: 'errors.title.undefined-error', text: 'undefined error' } });
    expect(errorBannerKeys({ weird: true }).title.text).toBe('undefined error');
  });

  it("has a Portuguese text for the 429's reason (failed logins, registrations, wrong current passwords)", () => {
    const { title, detail } = errorBannerKeys(new ApiError(429, 'too_many_requests', 'Too many requests, please try again later'));
    const t = createI18n('pt-BR').t;
    expect(t(title.key)).toBe('Muitas requisições');
    expect(t(detail!.key)).toBe('Muitas requisições, tente novamente mais tarde');
  });
});
