import { parseCookieHeader, serializeCookie } from './cookies';

describe('cookies', () => {
  it('parses a Cookie header', () => {
    expect(parseCookieHeader('AuthSession=abc; XSRF-TOKEN=x%2Fy; bad; =nope; AuthSession=second')).toEqual({ AuthSession: 'abc', 'XSRF-TOKEN': 'x/y' });
    expect(parseCookieHeader(undefined)).toEqual({});
  });

  it('writes the attributes asked for', () => {
    const c = serializeCookie('AuthSession', 'v', { path: '/', httpOnly: true, sameSite: 'lax', secure: true, maxAge: 60 });
    expect(c).toMatch(/^AuthSession=v; Path=\/; Max-Age=60; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(serializeCookie('XSRF-TOKEN', 'v', { path: '/', httpOnly: false, sameSite: 'lax', secure: false })).toBe('XSRF-TOKEN=v; Path=/; SameSite=Lax');
  });
});
