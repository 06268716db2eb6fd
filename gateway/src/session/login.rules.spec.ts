import { AppError, errors } from '@app/proto';
import { assertJsonLogin, assertSameSiteLogin, CROSS_SITE_LOGIN, isFailedLogin, JSON_ONLY, originOf } from './login.rules';

describe('login rules', () => {
  const allowed = [originOf('http://app.test'), originOf('http://127.0.0.1:3000')];
  const refusal = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (err) {
      return err instanceof AppError ? { status: err.status, reason: err.reason } : err;
    }
  };

  it('originOf keeps scheme, host and port, and refuses what is not an http(s) URL', () => {
    expect(originOf('HTTP://App.Test/user/login?x=1')).toBe('http://app.test');
    expect(originOf('https://app.test:443')).toBe('https://app.test');
    expect(originOf('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(originOf('null')).toBeNull();
    expect(originOf('file:///etc/passwd')).toBeNull();
    expect(originOf('')).toBeNull();
  });

  it('takes a login from the web app’s origin, the gateway’s own, or without Origin and Sec-Fetch-Site', () => {
    expect(refusal(() => assertSameSiteLogin({ origin: 'http://app.test', 'sec-fetch-site': 'same-origin' }, allowed))).toBeNull();
    expect(refusal(() => assertSameSiteLogin({ origin: 'http://127.0.0.1:3000' }, allowed))).toBeNull();
    expect(refusal(() => assertSameSiteLogin({ 'sec-fetch-site': 'none' }, allowed))).toBeNull();
    expect(refusal(() => assertSameSiteLogin({}, allowed))).toBeNull();
  });

  it('refuses Sec-Fetch-Site cross-site and any other Origin (another host, port or scheme, a look-alike, null) with 403', () => {
    const forbidden = { status: 403, reason: CROSS_SITE_LOGIN };
    expect(refusal(() => assertSameSiteLogin({ 'sec-fetch-site': 'cross-site' }, allowed))).toEqual(forbidden);
    expect(refusal(() => assertSameSiteLogin({ 'sec-fetch-site': 'Cross-Site', origin: 'http://app.test' }, allowed))).toEqual(forbidden);
    for (const origin of ['https://evil.example', 'https://app.test', 'http://app.test:8080', 'http://app.test.evil.example', 'http://evil.app.test', 'null', '']) {
      expect(refusal(() => assertSameSiteLogin({ origin }, allowed))).toEqual(forbidden);
    }
    expect(refusal(() => assertSameSiteLogin({ origin: ['https://evil.example'] }, allowed))).toEqual(forbidden);
  });

  it('takes JSON bodies only (415 otherwise); a login without a body is left to the missing-fields answer', () => {
    expect(refusal(() => assertJsonLogin('application/json'))).toBeNull();
    expect(refusal(() => assertJsonLogin('Application/JSON; charset=utf-8'))).toBeNull();
    expect(refusal(() => assertJsonLogin(undefined))).toBeNull();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/json-patch+json']) {
      expect(refusal(() => assertJsonLogin(type))).toEqual({ status: 415, reason: JSON_ONLY });
    }
  });

  it('counts only identity’s 401 (wrong e-mail or password) as a failed login', () => {
    expect(isFailedLogin(errors.unauthorized('Email or password is incorrect'))).toBe(true);
    expect(isFailedLogin(errors.badRequest('Please provide username and password'))).toBe(false);
    expect(isFailedLogin(errors.forbidden('Please confirm your email first'))).toBe(false);
    expect(isFailedLogin(new AppError('service_unavailable', 'down'))).toBe(false);
    expect(isFailedLogin(new Error('boom'))).toBe(false);
  });
});
