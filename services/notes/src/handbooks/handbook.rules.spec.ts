import { AppError, Doc, HANDBOOK_CONFLICT_REASON, MAX_SLUG } from '@app/proto';
import { affectedTargets, checkFieldNames, checkNotStale, contentChanged, firstFreeSlug, slugCandidate, sortLinks, valueFor } from './handbook.rules';

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
