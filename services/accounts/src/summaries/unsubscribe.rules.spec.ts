import { unsubscribeKey, unsubscribeLink, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe.rules';

describe('unsubscribe tokens', () => {
  const key = unsubscribeKey('a-secret-of-sixteen-chars');

  it('verifies its own token and tells the user and the purpose', () => {
    const token = unsubscribeToken(key, 'usr-1abc', 'weekly-summary');
    expect(token).toMatch(/^usr-1abc\.weekly-summary\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId: 'usr-1abc', purpose: 'weekly-summary' });
    expect(verifyUnsubscribeToken(key, unsubscribeToken(key, 'usr-1abc', 'free-limit'))).toEqual({ userId: 'usr-1abc', purpose: 'free-limit' });
  });

  it.each([
    ['another user', (t: string) => t.replace('usr-1abc', 'usr-2abc')],
    ['another purpose', (t: string) => t.replace('weekly-summary', 'free-limit')],
    ['an unknown purpose', (t: string) => t.replace('weekly-summary', 'newsletter')],
    ['a changed signature', (t: string) => t.slice(0, -2) + (t.endsWith('AA') ? 'BB' : 'AA')],
    ['a cut signature', (t: string) => t.slice(0, -1)],
    ['no signature', (t: string) => t.split('.').slice(0, 2).join('.')],
    ['an extra part', (t: string) => `${t}.x`],
    ['not a user id', (t: string) => t.replace('usr-1abc', 'acc-1abc')],
  ])('refuses a token with %s (400, one reason)', (_what, change) => {
    const token = change(unsubscribeToken(key, 'usr-1abc', 'weekly-summary'));
    expect(() => verifyUnsubscribeToken(key, token)).toThrow(expect.objectContaining({ status: 400, reason: 'This unsubscribe link is not valid' }));
  });

  it('refuses a token signed with another secret', () => {
    const other = unsubscribeToken(unsubscribeKey('another-secret-sixteen'), 'usr-1abc', 'weekly-summary');
    expect(() => verifyUnsubscribeToken(key, other)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('is not the plain HMAC of the shared secret (a key of its own)', () => {
    expect(unsubscribeKey('a-secret-of-sixteen-chars').equals(Buffer.from('a-secret-of-sixteen-chars'))).toBe(false);
  });

  it('links the gateway page with the token and the mail language', () => {
    expect(unsubscribeLink('http://app.test/', 'usr-1.weekly-summary.s-_', 'pt-BR')).toBe('http://app.test/mail/unsubscribe?token=usr-1.weekly-summary.s-_&lang=pt-BR');
    expect(unsubscribeLink('http://app.test', 't', 'de')).toBe('http://app.test/mail/unsubscribe?token=t&lang=en');
  });
});
