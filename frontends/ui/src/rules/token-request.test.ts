import { describe, expect, it } from 'vitest';
import { isLocalPath, newTokenOf, readTokenRequest, tokenRequestPath } from './token-request';

describe('the token request between a screen and the profile token tab', () => {
  it('asks for write with its purpose and the way back, and reads it back', () => {
    const path = tokenRequestPath({ access: 'write', purpose: 'webdav', returnTo: '/account/acc-1/disk/webdav' });
    expect(path).toBe('/user/profile?page=user_tokens&access=write&for=webdav&return=%2Faccount%2Facc-1%2Fdisk%2Fwebdav');
    expect(readTokenRequest(new URL(path, 'http://x').searchParams)).toEqual({ access: 'write', purpose: 'webdav', returnTo: '/account/acc-1/disk/webdav' });
  });

  it('reads read only, no purpose and no way back when nothing (or something else) is asked', () => {
    expect(readTokenRequest(new URLSearchParams('page=user_tokens'))).toEqual({ access: 'read', purpose: null, returnTo: null });
    expect(readTokenRequest(new URLSearchParams('access=admin&for=ftp&return=https://evil.example/'))).toEqual({ access: 'read', purpose: null, returnTo: null });
  });

  it('goes back only to a path of this site', () => {
    for (const p of ['/account/acc-1/disk/webdav', '/app']) expect(isLocalPath(p)).toBe(true);
    for (const p of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, '/a b']) expect(isLocalPath(p)).toBe(false);
    expect(tokenRequestPath({ access: 'read', returnTo: '//evil.example' })).toBe('/user/profile?page=user_tokens&access=read');
  });

  it('finds the new token in a history state only when it is a text', () => {
    expect(newTokenOf({ newToken: 'tok-1' })).toBe('tok-1');
    for (const s of [null, undefined, 'x', { newToken: 3 }, { other: 'tok' }]) expect(newTokenOf(s)).toBeNull();
  });
});
