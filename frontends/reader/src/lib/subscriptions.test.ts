import type { ReaderSubscriptionDoc } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { initialSubscriptionValues, labelUnread, toLabelDocument, toSubscriptionDocument, validateLabel, validateSubscription, withScheme } from './subscriptions';

const stored = {
  _id: 'rsb-1',
  _rev: '2-a',
  klass: 'ReaderSubscription',
  url: 'https://blog.example.com/feed.xml',
  website_url: 'https://blog.example.com/',
  title: 'Blog',
  customize_title: false,
  reader_label_id: 'rlb-1',
  active: true,
  label: 'Blog',
  error_count: 2,
  last_error: 'timeout',
  checked_at: '2026-05-01T00:00:00Z',
  next_check_at: '2026-05-01T01:00:00Z',
  etag: '"abc"',
  last_modified: null,
  feed_url: 'https://blog.example.com/feed.xml',
  blocked_until: null,
  created_at: '2026-05-01T00:00:00Z',
  updated_at: '2026-05-01T00:00:00Z',
  created_by: 'usr-1',
} as ReaderSubscriptionDoc;

describe('the subscription form', () => {
  it('puts https:// before an address typed without its scheme', () => {
    expect(withScheme('example.com/feed')).toBe('https://example.com/feed');
    expect(withScheme(' http://example.com ')).toBe('http://example.com');
    expect(withScheme('ftp://example.com')).toBe('ftp://example.com');
    expect(withScheme('')).toBe('');
  });

  it('asks for a web address, and a title when the title is customized', () => {
    const base = initialSubscriptionValues();
    expect(validateSubscription(base)).toEqual({ url: 'validation.cant-be-blank' });
    expect(validateSubscription({ ...base, url: 'ftp://example.com/feed' })).toEqual({ url: 'validation.is-not-a-web-address' });
    expect(validateSubscription({ ...base, url: `https://example.com/${'a'.repeat(2048)}` })).toEqual({ url: 'validation.is-too-long' });
    expect(validateSubscription({ ...base, url: 'example.com', customize_title: true, title: '  ' })).toEqual({ title: 'validation.cant-be-blank' });
    expect(validateSubscription({ ...base, url: 'example.com' })).toEqual({});
  });

  it('sends a new subscription with its address, label and no title (the feed gives it)', () => {
    const values = { ...initialSubscriptionValues(undefined, 'rlb-2'), url: 'example.com' };
    expect(toSubscriptionDocument(values)).toEqual({ klass: 'ReaderSubscription', url: 'https://example.com', customize_title: false, title: null, reader_label_id: 'rlb-2', active: true });
  });

  it("keeps the stored document's fields but leaves out what the fetcher keeps; a new address forgets the site", () => {
    const same = toSubscriptionDocument({ ...initialSubscriptionValues(stored), active: false }, stored);
    for (const kept of ['label', 'error_count', 'last_error', 'checked_at', 'next_check_at', 'etag', 'last_modified', 'feed_url']) expect(same).not.toHaveProperty(kept);
    expect(same).toMatchObject({ _id: 'rsb-1', _rev: '2-a', url: stored.url, website_url: stored.website_url, title: 'Blog', active: false });
    const moved = toSubscriptionDocument({ ...initialSubscriptionValues(stored), url: 'https://other.example.com/', customize_title: true, title: ' Mine ', reader_label_id: null }, stored);
    expect(moved).toMatchObject({ url: 'https://other.example.com/', website_url: null, customize_title: true, title: 'Mine', reader_label_id: null });
  });

  it('never sends whom a feed signs in as back, unless the sign-in is switched off (null: forgotten)', () => {
    const signed = { ...stored, basic_auth_user: 'alice' } as ReaderSubscriptionDoc;
    expect(toSubscriptionDocument(initialSubscriptionValues(signed), signed)).not.toHaveProperty('basic_auth_user');
    expect(toSubscriptionDocument({ ...initialSubscriptionValues(signed), keep_sign_in: false }, signed)).toMatchObject({ basic_auth_user: null });
    // nothing to forget for a feed that signs in as nobody
    expect(toSubscriptionDocument({ ...initialSubscriptionValues(stored), keep_sign_in: false }, stored)).not.toHaveProperty('basic_auth_user');
  });

  it('checks and sends a label by its name', () => {
    expect(validateLabel(' ')).toEqual({ name: 'validation.cant-be-blank' });
    expect(validateLabel('x'.repeat(101))).toEqual({ name: 'validation.is-too-long' });
    expect(toLabelDocument(' News ')).toEqual({ klass: 'ReaderLabel', kind: 'label', name: 'News' });
  });

  it("adds a label's subscriptions' unread counts", () => {
    const subs = [
      { ...stored, _id: 'rsb-a', reader_label_id: 'rlb-1' },
      { ...stored, _id: 'rsb-b', reader_label_id: 'rlb-1' },
      { ...stored, _id: 'rsb-c', reader_label_id: 'rlb-2' },
    ];
    expect(labelUnread('rlb-1', subs, new Map([['rsb-a', 3], ['rsb-b', 4], ['rsb-c', 9]]))).toBe(7);
    expect(labelUnread('rlb-1', undefined, undefined)).toBe(0);
  });
});
