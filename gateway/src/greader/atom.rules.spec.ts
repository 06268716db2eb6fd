import type { ReaderItemDoc, ReaderLabelDoc, ReaderSubscriptionDoc } from '@app/proto';
import { atomEntry, atomFeed, xmlText } from './atom.rules';

const sub = { _id: 'rsb-1', title: 'Tech & Co', url: 'https://tech.example/feed.xml', website_url: 'https://tech.example/', reader_label_id: 'rlb-1' } as unknown as ReaderSubscriptionDoc;
const label = { _id: 'rlb-1', name: 'News' } as unknown as ReaderLabelDoc;
const directory = { subscriptions: [sub], labels: [label] };
const item = (over: Partial<ReaderItemDoc> = {}) =>
  ({
    _id: 'rit-0123456789abcdef0123',
    title: 'A <b> & "quoted" title\u0007',
    url: 'https://tech.example/a?x=1&y=2',
    content: '<p>Hello &amp; bye</p>',
    content_type: 'html',
    point_at: '2026-02-01T10:00:00.000Z',
    created_at: '2026-02-01T10:05:00.000Z',
    updated_at: '2026-02-01T10:06:00.000Z',
    read: false,
    starred: true,
    reader_subscription_id: 'rsb-1',
    ...over,
  }) as unknown as ReaderItemDoc;

describe('Atom streams (issue 26 #1)', () => {
  it('writes an entry with its long Google id, its states as Google categories and its content escaped once', () => {
    const xml = atomEntry(item(), directory, '2026-03-01T00:00:00.000Z');
    expect(xml).toContain('<id>tag:google.com,2005:reader/item/0123456789abcdef</id>');
    expect(xml).toContain('<category term="user/-/state/com.google/reading-list" scheme="http://www.google.com/reader/" label="reading-list"/>');
    expect(xml).toContain('<category term="user/-/state/com.google/fresh" scheme="http://www.google.com/reader/" label="fresh"/>');
    expect(xml).toContain('<category term="user/-/state/com.google/starred" scheme="http://www.google.com/reader/" label="starred"/>');
    expect(xml).toContain('<category term="user/-/label/News" scheme="http://www.google.com/reader/" label="News"/>');
    expect(xml).toContain('<title>A &lt;b&gt; &amp; &quot;quoted&quot; title</title>');
    expect(xml).toContain('<link rel="alternate" href="https://tech.example/a?x=1&amp;y=2" type="text/html"/>');
    expect(xml).toContain('<content type="html">&lt;p&gt;Hello &amp;amp; bye&lt;/p&gt;</content>');
    expect(xml).toContain('<published>2026-02-01T10:00:00.000Z</published>');
    expect(xml).toContain('<source gr:stream-id="feed/rsb-1"><id>tag:google.com,2005:reader/feed/rsb-1</id><title>Tech &amp; Co</title>');
    expect(atomEntry(item({ read: true, starred: false }), directory, '')).toMatch(/label="reading-list"\/><category term="user\/-\/state\/com\.google\/read" [^>]+label="read"\/><category term="user\/-\/label\/News"/);
  });

  it('writes a feed with its id, title and continuation; drops what XML cannot hold', () => {
    const xml = atomFeed({ streamId: 'feed/rsb-1', title: 'Tech & Co', site: 'https://tech.example/', items: [item()], continuation: 'abc' }, directory, new Date('2026-03-01T00:00:00Z'));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/"')).toBe(true);
    expect(xml).toContain('<id>tag:google.com,2005:reader/feed/rsb-1</id><title>Tech &amp; Co</title><gr:continuation>abc</gr:continuation>');
    expect(xml.match(/<entry /g)).toHaveLength(1);
    expect(xmlText('a\u0000b\u001fc\uFFFEd\uD800e')).toBe('abcde');
    expect(xmlText('é – “x” 😀')).toBe('é – “x” 😀');
  });
});
