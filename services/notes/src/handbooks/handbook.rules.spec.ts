import { AppError, Doc, HANDBOOK_CONFLICT_REASON, HandbookFields, MAX_HANDBOOK_BYTES, MAX_SLUG } from '@app/proto';
import { affectedTargets, checkFieldNames, checkHandbookSize, checkNotStale, contentChanged, firstFreeSlug, isCreateReplay, isOwnFirstVersion, slugCandidate, sortLinks, storedBytes, valueFor } from './handbook.rules';
import { renderHandbook } from './handbook-html.rules';

const doc = (over: Partial<Doc> = {}): Doc =>
  ({ _id: 'hbk-1', _rev: '3-abc', klass: 'Handbook', created_at: '', updated_at: '', created_by: null, title: 'T', content: 'c', content_type: 'markdown', categories: [], fields: [], revision: 2, ...over }) as Doc;

describe('slugs', () => {
  it('gives the title’s slug, then -2, -3… past the taken ones', () => {
    expect(firstFreeSlug('Troca de Óleo', new Set())).toBe('troca-de-oleo');
    expect(firstFreeSlug('Troca de Óleo', new Set(['troca-de-oleo']))).toBe('troca-de-oleo-2');
    expect(firstFreeSlug('Troca de Óleo', new Set(['troca-de-oleo', 'troca-de-oleo-2', 'troca-de-oleo-3']))).toBe('troca-de-oleo-4');
    expect(firstFreeSlug('!!!', new Set(['page']))).toBe('page-2');
  });

  it('keeps a numbered slug within MAX_SLUG, without a dash before the number doubled', () => {
    const long = 'a'.repeat(MAX_SLUG - 2) + '-b';
    const s = slugCandidate(long, 12);
    expect(s.length).toBeLessThanOrEqual(MAX_SLUG);
    expect(s.endsWith('-12')).toBe(true);
    expect(s).not.toContain('--');
  });
});

describe('fields', () => {
  it('value_for maps names to values; a name given twice (any case) is a field error', () => {
    expect(valueFor([{ field_name: 'A', field_value: '1' }, { field_name: 'B', field_value: '' }])).toEqual({ A: '1', B: '' });
    expect(() => checkFieldNames([{ field_name: 'A', field_value: '1' }, { field_name: 'a', field_value: '2' }])).toThrow(AppError);
    expect(() => checkFieldNames([{ field_name: 'x', field_value: '' }, { field_name: 'y', field_value: '' }, { field_name: 'X', field_value: '' }])).toThrow(
      expect.objectContaining({ reason: { 'fields.2.field_name': 'has-already-been-taken' } }),
    );
  });
});

describe('revisions and stale saves', () => {
  it('a revision is a change of title, content, type, categories or fields', () => {
    const base = { title: 'T', content: 'c', content_type: 'markdown' as const, categories: [], fields: [] };
    expect(contentChanged(doc(), base)).toBe(false);
    expect(contentChanged(doc(), { ...base, content: 'd' })).toBe(true);
    expect(contentChanged(doc(), { ...base, categories: ['x'] })).toBe(true);
    expect(contentChanged(doc(), { ...base, fields: [{ field_name: 'a', field_value: 'b' }] })).toBe(true);
    expect(contentChanged(doc(), { ...base, content_type: 'text' })).toBe(true);
  });

  it('takes the current _rev, or a stale one when the revision the client edited is still the newest; else 409 with the reason', () => {
    expect(() => checkNotStale(doc(), '3-abc', undefined)).not.toThrow();
    expect(() => checkNotStale(doc(), '2-old', 2)).not.toThrow();
    for (const [rev, revision] of [['2-old', 1], ['2-old', undefined], [undefined, 2], ['2-old', '2']] as const) {
      try {
        checkNotStale(doc(), rev, revision);
        throw new Error('not refused');
      } catch (e) {
        expect([(e as AppError).error, (e as AppError).reason]).toEqual(['conflict', HANDBOOK_CONFLICT_REASON]);
      }
    }
  });

  it('refuses a stale save that sends another address than the one a newer save gave the page; takes one that leaves it (issue 26 #8)', () => {
    const conflict = (f: () => void) => expect(f).toThrow(expect.objectContaining({ error: 'conflict', reason: HANDBOOK_CONFLICT_REASON }));
    // moved to "new" by the save that made _rev 3, the client read _rev 2 (address "old")
    const moved = doc({ _rev: '3-abc', uri: 'new', old_uris: ['old'], uri_rev: 3 });
    conflict(() => checkNotStale(moved, '2-old', 2, 'old'));
    conflict(() => checkNotStale(moved, '2-old', 2, 'another'));
    expect(() => checkNotStale(moved, '2-old', 2, 'new')).not.toThrow();
    expect(() => checkNotStale(moved, '2-old', 2, undefined)).not.toThrow();
    expect(() => checkNotStale(moved, '3-abc', 2, 'another')).not.toThrow();
    // moved before the client read it: its own change of address is taken over a backlinks-only _rev
    const before = doc({ _rev: '5-abc', uri: 'new', old_uris: ['old'], uri_rev: 3 });
    expect(() => checkNotStale(before, '4-xyz', 2, 'mine')).not.toThrow();
    // a page whose address moved before uri_rev was kept: an old address sent back is the stale one
    const legacy = doc({ _rev: '4-abc', uri: 'new', old_uris: ['old'] });
    conflict(() => checkNotStale(legacy, '3-old', 2, 'old'));
    expect(() => checkNotStale(legacy, '3-old', 2, 'fresh')).not.toThrow();
  });
});

describe('backlinks', () => {
  it('the pages a save touches: added and removed links, or all of them when the page was renamed', () => {
    expect(affectedTargets(['a', 'b'], ['b', 'c'], false)).toEqual(['a', 'c']);
    expect(affectedTargets(['a', 'b'], ['b', 'c'], true)).toEqual(['a', 'b', 'c']);
    expect(affectedTargets([], [], false)).toEqual([]);
  });

  it('sorts backlinks by title then id', () => {
    expect(sortLinks([{ _id: 'hbk-2', title: 'B', uri: 'b' }, { _id: 'hbk-3', title: 'A', uri: 'a' }, { _id: 'hbk-1', title: 'B', uri: 'b2' }]).map((l) => l._id)).toEqual(['hbk-3', 'hbk-1', 'hbk-2']);
  });
});

describe('the size of a stored handbook', () => {
  const stored = (content: string, over: Partial<Doc> = {}) => doc({ content, content_html: renderHandbook(content, 'markdown', 'acc-1').html, ...over });
  const refusal = (d: Doc) => {
    try {
      checkHandbookSize(d);
      return null;
    } catch (err) {
      return { status: (err as AppError).status, wire: (err as AppError).toWire() };
    }
  };

  it('is counted in bytes of UTF-8 JSON, markdown and rendered HTML together: 190,000 Japanese characters are about 1.14 MB', () => {
    const page = stored('日本語の文章です。'.repeat(21_112));
    expect(String(page.content).length).toBeGreaterThan(190_000);
    const bytes = storedBytes(page);
    expect(bytes).toBeGreaterThan(1_140_000); // more than NATS carries in one message (1 MiB)
    expect(bytes).toBeLessThan(MAX_HANDBOOK_BYTES);
    expect(refusal(page)).toBeNull();
  });

  it('refuses a page past MAX_HANDBOOK_BYTES with 413 and a reason that names both sizes in bytes', () => {
    // 200,000 characters of markdown whose HTML is several times larger (a blockquote each)
    const page = stored('> 日本\n\n'.repeat(40_000), { fields: Array.from({ length: 50 }, (_, i) => ({ field_name: `f${i}`, field_value: '値'.repeat(2000) })) });
    const bytes = storedBytes({ ...page, label: page.title });
    expect(bytes).toBeGreaterThan(MAX_HANDBOOK_BYTES);
    expect(refusal(page)).toEqual({
      status: 413,
      wire: expect.objectContaining({ error: 'payload_too_large', reason: `This page would take ${bytes} bytes once saved (its text, the HTML made from it and its fields), more than the ${MAX_HANDBOOK_BYTES} bytes a page may hold: shorten it or split it into several pages` }),
    });
    expect(refusal(doc({ content: 'x'.repeat(MAX_HANDBOOK_BYTES) }))?.status).toBe(413);
  });
});

describe('a create sent again', () => {
  const next = (over: Partial<HandbookFields> = {}): HandbookFields => ({ title: 'T', content: 'c', content_type: 'markdown', categories: [], fields: [], ...over }) as HandbookFields;
  const created = doc({ created_by: 'usr-1', revision: 1, uri: 't' });

  it('is the same page when the same user sends the same fields to a page never saved since', () => {
    expect(isCreateReplay(created, 'usr-1', next())).toBe(true);
    expect(isCreateReplay(created, 'usr-1', next({ uri: 't' }))).toBe(true);
  });

  it('may save over its creator’s first version (what was typed after the lost answer), never over another’s or a later one', () => {
    expect(isOwnFirstVersion(created, 'usr-1')).toBe(true);
    expect([isOwnFirstVersion(created, 'usr-2'), isOwnFirstVersion(created, null), isOwnFirstVersion({ ...created, revision: 2 }, 'usr-1')]).toEqual([false, false, false]);
  });

  it('is not the same create for another user, other fields, another address or a page saved since', () => {
    expect(isCreateReplay(created, 'usr-2', next())).toBe(false);
    expect(isCreateReplay(created, null, next())).toBe(false);
    expect(isCreateReplay(created, 'usr-1', next({ content: 'other' }))).toBe(false);
    expect(isCreateReplay(created, 'usr-1', next({ uri: 'elsewhere' }))).toBe(false);
    expect(isCreateReplay({ ...created, revision: 2 }, 'usr-1', next())).toBe(false);
  });
});
