import { redactCredentials, ReaderSubscriptionFields, splitFeedAddress, withoutCredentials } from './reader';

// A feed address's credentials (security issue 25, item 13): split from the address stored and shown, decoded, bound to
// the origin they were typed for; and taken out of any text quoting such an address.

describe('splitFeedAddress', () => {
  it('takes user and password out of the address, decoded, with the origin they go to', () => {
    expect(splitFeedAddress('https://alice:s3cret@feeds.example/private.xml?x=1#top')).toEqual({
      url: 'https://feeds.example/private.xml?x=1#top',
      credentials: { origin: 'https://feeds.example', username: 'alice', password: 's3cret' },
    });
    expect(splitFeedAddress('http://al%40ce:p%3Ass%2F%C3%B6@127.0.0.1:8080/f')).toEqual({
      url: 'http://127.0.0.1:8080/f',
      credentials: { origin: 'http://127.0.0.1:8080', username: 'al@ce', password: 'p:ss/ö' },
    });
    // a user without a password, a password without a user
    expect(splitFeedAddress('https://bob@x.example/f').credentials).toEqual({ origin: 'https://x.example', username: 'bob', password: '' });
    expect(splitFeedAddress('https://:pw@x.example/f').credentials).toEqual({ origin: 'https://x.example', username: '', password: 'pw' });
    // a malformed escape is kept as typed
    expect(splitFeedAddress('https://a%zz:b@x.example/').credentials).toEqual({ origin: 'https://x.example', username: 'a%zz', password: 'b' });
  });

  it('leaves an address without credentials (normalised) and what is no URL as they are', () => {
    expect(splitFeedAddress('HTTPS://Feeds.Example/a b')).toEqual({ url: 'https://feeds.example/a%20b', credentials: null });
    expect(splitFeedAddress('not an address')).toEqual({ url: 'not an address', credentials: null });
    expect(withoutCredentials('https://u:p@x.example/')).toBe('https://x.example/');
    expect(withoutCredentials('https://x.example/@me')).toBe('https://x.example/@me');
  });
});

describe('redactCredentials', () => {
  it('writes every scheme://user:password@ of a text as scheme://, and nothing else', () => {
    expect(redactCredentials('https://alice:s3cret@a.example/f and http://bob@b.example/g')).toBe('https://a.example/f and http://b.example/g');
    expect(redactCredentials('the server answered 401 at https://a:b@h.example:8443/x')).toBe('the server answered 401 at https://h.example:8443/x');
    for (const kept of ['https://a.example/@user/feed', 'mail joe@x.com', 'https://a.example/?to=joe@x.com', 'Daily news']) expect(redactCredentials(kept)).toBe(kept);
  });
});

describe('ReaderSubscriptionFields', () => {
  it('takes basic_auth_user as a user name or null (forget the credentials), optional', () => {
    expect(ReaderSubscriptionFields.parse({ url: 'https://x.example/f' }).basic_auth_user).toBeUndefined();
    expect(ReaderSubscriptionFields.parse({ url: 'https://x.example/f', basic_auth_user: null }).basic_auth_user).toBeNull();
    expect(ReaderSubscriptionFields.parse({ url: 'https://x.example/f', basic_auth_user: 'alice' }).basic_auth_user).toBe('alice');
  });
});
