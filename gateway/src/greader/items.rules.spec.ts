import type { ReaderItemDoc, ReaderLabelDoc, ReaderSubscriptionDoc } from '@app/proto';
import { googleItem, googleSubscription, googleTags, itemHtml, itemRef, unreadCounts, type Directory } from './items.rules';

const meta = { _rev: '1-a', created_by: null, created_at: '2026-03-01T00:00:00.000Z', updated_at: '2026-03-01T00:00:00.000Z' };
const label: ReaderLabelDoc = { ...meta, _id: 'rlb-1', klass: 'ReaderLabel', name: 'Tech', kind: 'label' };
const sub = (id: string, extra: Partial<ReaderSubscriptionDoc> = {}): ReaderSubscriptionDoc => ({
  ...meta,
  _id: id,
  klass: 'ReaderSubscription',
  url: `https://${id}.example/feed.xml`,
  website_url: `https://${id}.example/`,
  title: `Feed ${id}`,
  customize_title: false,
  active: true,
  ...extra,
});
const directory: Directory = { subscriptions: [sub('rsb-a', { reader_label_id: 'rlb-1' }), sub('rsb-b'), sub('rsb-c', { reader_label_id: 'rlb-1' })], labels: [label] };
const item: ReaderItemDoc = {
  ...meta,
  _id: 'rit-5d0cfa30041d4348a1b2',
  klass: 'ReaderItem',
  title: 'Hello',
  url: 'https://rsb-a.example/hello',
  content: '<p>Hi</p>',
  content_type: 'html',
  summary: 'Hi',
  point_at: '2026-02-03T04:05:06.000Z',
  read: true,
  starred: true,
  reader_subscription_id: 'rsb-a',
  reader_label_id: null,
  created_at: '2026-02-03T05:00:00.000Z',
};

describe('Google Reader JSON of the reader documents', () => {
  it('writes an item with its long id, dates, link, states, current label and feed', () => {
    expect(googleItem(item, directory)).toEqual({
      id: 'tag:google.com,2005:reader/item/5d0cfa30041d4348',
      crawlTimeMsec: String(Date.parse('2026-02-03T05:00:00.000Z')),
      timestampUsec: String(Date.parse('2026-02-03T04:05:06.000Z') * 1000),
      published: Date.parse('2026-02-03T04:05:06.000Z') / 1000,
      updated: Date.parse('2026-03-01T00:00:00.000Z') / 1000,
      title: 'Hello',
      canonical: [{ href: 'https://rsb-a.example/hello' }],
      alternate: [{ href: 'https://rsb-a.example/hello', type: 'text/html' }],
      categories: ['user/-/state/com.google/reading-list', 'user/-/state/com.google/read', 'user/-/state/com.google/starred', 'user/-/label/Tech'],
      origin: { streamId: 'feed/rsb-a', title: 'Feed rsb-a', htmlUrl: 'https://rsb-a.example/' },
      summary: { direction: 'ltr', content: '<p>Hi</p>' },
    });
    expect(googleItem({ ...item, read: false, starred: false, reader_subscription_id: 'rsb-b' }, directory).categories).toEqual(['user/-/state/com.google/reading-list']);
  });

  it('escapes a plain-text item (its lines kept) and leaves sanitized HTML as it is', () => {
    expect(itemHtml({ content: 'a < b & "c"\nnext', content_type: 'text', summary: '' })).toBe('a &lt; b &amp; &quot;c&quot;<br>next');
    expect(itemHtml({ content: '', content_type: 'html', summary: '<b>s</b>' })).toBe('<b>s</b>');
  });

  it('writes the decimal ref of stream/items/ids', () => {
    expect(itemRef(item)).toEqual({ id: '6705009029382226760', directStreamIds: ['feed/rsb-a'], timestampUsec: String(Date.parse(item.point_at!) * 1000) });
  });

  it('lists subscriptions with their label as a category, and the tags (starred, then the labels as folders)', () => {
    expect(googleSubscription(directory.subscriptions[0], directory)).toMatchObject({
      id: 'feed/rsb-a',
      title: 'Feed rsb-a',
      categories: [{ id: 'user/-/label/Tech', label: 'Tech' }],
      url: 'https://rsb-a.example/feed.xml',
      htmlUrl: 'https://rsb-a.example/',
      iconUrl: 'https://rsb-a.example/favicon.ico',
    });
    expect(googleSubscription(sub('rsb-x', { feed_url: 'https://x.example/rss' }), directory)).toMatchObject({ url: 'https://x.example/rss', categories: [] });
    expect(googleTags(directory)).toEqual([{ id: 'user/-/state/com.google/starred' }, { id: 'user/-/label/Tech', type: 'folder' }]);
  });

  it('counts unread items per feed, per label (its feeds summed) and for the reading list', () => {
    const counts = new Map([['rsb-a', 3], ['rsb-b', 2], ['rsb-c', 4], ['rsb-gone', 9]]);
    const newest = new Map([['rsb-a', '2026-01-01T00:00:00.000Z'], ['rsb-b', '2026-02-01T00:00:00.000Z'], ['rsb-c', '2026-01-15T00:00:00.000Z']]);
    const usec = (iso: string) => String(Date.parse(iso) * 1000);
    expect(unreadCounts(directory, counts, newest)).toEqual({
      max: 1000,
      unreadcounts: [
        { id: 'feed/rsb-a', count: 3, newestItemTimestampUsec: usec('2026-01-01T00:00:00.000Z') },
        { id: 'feed/rsb-b', count: 2, newestItemTimestampUsec: usec('2026-02-01T00:00:00.000Z') },
        { id: 'feed/rsb-c', count: 4, newestItemTimestampUsec: usec('2026-01-15T00:00:00.000Z') },
        { id: 'user/-/label/Tech', count: 7, newestItemTimestampUsec: usec('2026-01-15T00:00:00.000Z') },
        { id: 'user/-/state/com.google/reading-list', count: 9, newestItemTimestampUsec: usec('2026-02-01T00:00:00.000Z') },
      ],
    });
  });
});
