import { matchesSelector } from '@app/platform';
import { AppError } from '@app/proto';
import { decodeContinuation, encodeContinuation, itemFilter, itemFind, ItemQuery, labelOf, parseStreamId, stateOf, timeBounds } from './streams.rules';

const status = (fn: () => unknown): number | 'ok' => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.status : -1;
  }
};

describe('Google Reader stream ids', () => {
  it('reads the state streams with user/- or a user id, feeds by id or address, and labels', () => {
    expect(parseStreamId('user/-/state/com.google/reading-list')).toEqual({ kind: 'reading-list' });
    expect(parseStreamId('user/usr-123/state/com.google/starred')).toEqual({ kind: 'starred' });
    expect(parseStreamId('user/-/state/com.google/read')).toEqual({ kind: 'read' });
    expect(parseStreamId('feed/rsb-abc')).toEqual({ kind: 'feed', ref: 'rsb-abc' });
    expect(parseStreamId('feed/https://example.com/feed.xml?a=1')).toEqual({ kind: 'feed', ref: 'https://example.com/feed.xml?a=1' });
    expect(parseStreamId('user/-/label/Tech news')).toEqual({ kind: 'label', name: 'Tech news' });
  });

  it('refuses a missing or unknown stream with a 400', () => {
    for (const bad of [undefined, '', 'feed/', 'user/-/state/com.google/broadcast', 'splice/x', 'user/-/nothing/x']) expect([bad, status(() => parseStreamId(bad))]).toEqual([bad, 400]);
  });

  it('tells states and labels apart in edit-tag tags', () => {
    expect(stateOf('user/-/state/com.google/read')).toBe('read');
    expect(stateOf('user/-/state/com.google/kept-unread')).toBe('kept-unread');
    expect(stateOf('user/-/label/News')).toBeNull();
    expect(labelOf('user/-/label/News')).toBe('News');
    expect(labelOf('user/-/state/com.google/starred')).toBeNull();
  });
});

describe('the items of a stream', () => {
  it('narrows by the stream and its exclusions and inclusions', () => {
    expect(itemFilter({ kind: 'reading-list' }, null, ['user/-/state/com.google/read'], [])).toEqual({ read: 'unread', star: 'all', subscriptionIds: null, empty: false });
    expect(itemFilter({ kind: 'starred' }, null, [], [])).toMatchObject({ read: 'all', star: 'starred', empty: false });
    expect(itemFilter({ kind: 'reading-list' }, null, [], ['user/-/state/com.google/starred'])).toMatchObject({ star: 'starred' });
    expect(itemFilter({ kind: 'feed', ref: 'rsb-a' }, ['rsb-a'], ['user/-/state/com.google/starred'], [])).toMatchObject({ star: 'unstarred', subscriptionIds: ['rsb-a'] });
  });

  it('matches nothing when the filters contradict (the read stream without read items, a label of no feeds)', () => {
    expect(itemFilter({ kind: 'read' }, null, ['user/-/state/com.google/read'], []).empty).toBe(true);
    expect(itemFilter({ kind: 'label', name: 'x' }, [], [], []).empty).toBe(true);
    expect(itemFilter({ kind: 'reading-list' }, null, ['user/-/state/com.google/reading-list'], []).empty).toBe(true);
  });

  it('turns ot and nt (seconds) into dates and refuses what is not a number', () => {
    expect(timeBounds('1700000000', undefined)).toEqual({ from: '2023-11-14T22:13:20.000Z', to: null });
    expect(timeBounds(undefined, '0')).toEqual({ from: null, to: '1970-01-01T00:00:00.000Z' });
    expect(status(() => timeBounds('yesterday', undefined))).toBe(400);
    expect(status(() => timeBounds(undefined, '-5'))).toBe(400);
  });

  it('round-trips a continuation and refuses one it did not write', () => {
    const c = encodeContinuation({ point_at: '2026-01-02T03:04:05.000Z', id: 'rit-00ff' });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeContinuation(c)).toEqual({ point_at: '2026-01-02T03:04:05.000Z', id: 'rit-00ff' });
    expect(decodeContinuation(undefined)).toBeNull();
    for (const bad of ['***', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["x","not-an-item"]').toString('base64url'), 'x'.repeat(500)]) {
      expect(status(() => decodeContinuation(bad))).toBe(400);
    }
  });
});

describe('paging through a stream with continuations', () => {
  // 25 items, several on the same date, as the store orders them: point_at (either way), then id ascending
  const items = Array.from({ length: 25 }, (_, i) => ({
    klass: 'ReaderItem',
    _id: `rit-${(1000 + ((i * 7) % 25)).toString(16).padStart(20, '0')}`,
    point_at: `2026-03-${String(1 + Math.floor(i / 3)).padStart(2, '0')}T10:00:00.000Z`,
    read: i % 4 === 0,
    starred: i % 5 === 0,
    reader_subscription_id: i % 2 ? 'rsb-odd' : 'rsb-even',
  }));
  type Item = (typeof items)[number];

  function run(query: ItemQuery, n: number): Item[] {
    const { selector, sort } = itemFind(query);
    const dir = sort[0].point_at === 'asc' ? 1 : -1;
    return items
      .filter((d) => matchesSelector(d, selector))
      .sort((a, b) => (a.point_at === b.point_at ? (a._id < b._id ? -1 : 1) : a.point_at < b.point_at ? -dir : dir))
      .slice(0, n);
  }

  function all(base: Omit<ItemQuery, 'after'>, n: number): string[][] {
    const pages: string[][] = [];
    let after: ItemQuery['after'] = null;
    for (;;) {
      const page = run({ ...base, after }, n);
      if (!page.length) return pages;
      pages.push(page.map((d) => d._id));
      const last = page[page.length - 1];
      after = { point_at: last.point_at, id: last._id };
    }
  }

  const everything = { read: 'all', star: 'all', subscriptionIds: null, empty: false } as const;

  it('visits every item exactly once, newest first or oldest first, in pages of 10, 10 and 5', () => {
    for (const oldestFirst of [false, true]) {
      const pages = all({ filter: { ...everything }, from: null, to: null, oldestFirst }, 10);
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      expect(new Set(pages.flat()).size).toBe(25);
    }
  });

  it('keeps the unread, starred, feed and date filters while paging', () => {
    const unread = all({ filter: { ...everything, read: 'unread' }, from: null, to: null, oldestFirst: false }, 4).flat();
    expect(unread.sort()).toEqual(items.filter((d) => !d.read).map((d) => d._id).sort());
    const odd = all({ filter: { ...everything, star: 'starred', subscriptionIds: ['rsb-odd'] }, from: null, to: null, oldestFirst: false }, 2).flat();
    expect(odd.sort()).toEqual(items.filter((d) => d.starred && d.reader_subscription_id === 'rsb-odd').map((d) => d._id).sort());
    const twoFeeds = run({ filter: { ...everything, subscriptionIds: ['rsb-odd', 'rsb-even'] }, from: null, to: null, oldestFirst: false, after: null }, 100);
    expect(twoFeeds.length).toBe(25);
    const window = all({ filter: { ...everything }, from: '2026-03-02T00:00:00.000Z', to: '2026-03-04T23:59:59.000Z', oldestFirst: true }, 4).flat();
    expect(window.length).toBe(9);
  });
});
