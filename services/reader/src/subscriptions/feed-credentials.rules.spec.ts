import type { FeedCredentials } from '@app/proto';
import { changesSignIn, credentialsFor, signInAfterWrite, userinfoOf, userinfoSpellings } from './feed-credentials.rules';

// What a write does to a subscription's credentials, and where they may be sent (security issue 25, item 13).

const alice: FeedCredentials = { origin: 'https://feeds.example', username: 'alice', password: 's3cret' };
const bob: FeedCredentials = { origin: 'https://feeds.example', username: 'bob', password: 'other' };

describe('credentialsFor', () => {
  it('gives the credentials to an address on their origin only (scheme, host and port)', () => {
    expect(credentialsFor('https://feeds.example/private.xml', alice)).toBe(alice);
    for (const elsewhere of ['http://feeds.example/private.xml', 'https://feeds.example:8443/private.xml', 'https://other.example/private.xml', 'https://feeds.example.evil/x', 'not a url']) {
      expect(credentialsFor(elsewhere, alice)).toBeNull();
    }
    expect(credentialsFor('https://feeds.example/x', null)).toBeNull();
  });
});

describe('signInAfterWrite', () => {
  const url = 'https://feeds.example/private.xml';

  it('sets credentials typed in the address, replacing the stored ones', () => {
    expect(signInAfterWrite({ typed: alice, forget: false, stored: null, url })).toEqual({ signIn: { action: 'set', credentials: alice }, credentials: alice });
    expect(signInAfterWrite({ typed: bob, forget: true, stored: alice, url })).toEqual({ signIn: { action: 'set', credentials: bob }, credentials: bob });
  });

  it('keeps the stored ones when the write names none, forgets them when it sends basic_auth_user null', () => {
    expect(signInAfterWrite({ typed: null, forget: false, stored: alice, url })).toEqual({ signIn: { action: 'keep' }, credentials: alice });
    expect(signInAfterWrite({ typed: null, forget: true, stored: alice, url })).toEqual({ signIn: { action: 'forget' }, credentials: null });
    expect(signInAfterWrite({ typed: null, forget: true, stored: null, url })).toEqual({ signIn: { action: 'keep' }, credentials: null });
    expect(signInAfterWrite({ typed: null, forget: false, stored: null, url })).toEqual({ signIn: { action: 'keep' }, credentials: null });
  });

  it('forgets them when the address moves to another origin (they would never be sent there), typed or stored', () => {
    const elsewhere = 'https://other.example/feed.xml';
    expect(signInAfterWrite({ typed: null, forget: false, stored: alice, url: elsewhere })).toEqual({ signIn: { action: 'forget' }, credentials: null });
    // typed for a page whose feed is on another site: not kept
    expect(signInAfterWrite({ typed: alice, forget: false, stored: null, url: elsewhere })).toEqual({ signIn: { action: 'keep' }, credentials: null });
    expect(signInAfterWrite({ typed: alice, forget: false, stored: bob, url: elsewhere })).toEqual({ signIn: { action: 'forget' }, credentials: null });
  });

  it('says which writes change whom the feed signs in as', () => {
    expect(changesSignIn({ action: 'keep' })).toBe(false);
    expect(changesSignIn({ action: 'forget' })).toBe(true);
    expect(changesSignIn({ action: 'set', credentials: alice })).toBe(true);
  });
});

describe('userinfoOf and userinfoSpellings', () => {
  it('reads the userinfo as the URL serializer writes it, and its spellings in stored text', () => {
    expect(userinfoOf('http://alice:s3cret@127.0.0.1:8080/feed')).toBe('alice:s3cret');
    expect(userinfoOf(new URL('https://al ce:p&w@x.example/').href)).toBe('al%20ce:p&w');
    expect(userinfoOf('https://x.example/@me')).toBeNull();
    expect(userinfoSpellings('alice:s3cret')).toEqual(['://alice:s3cret@']);
    expect(userinfoSpellings('a:p&w')).toEqual(['://a:p&w@', '://a:p&amp;w@']);
  });
});
