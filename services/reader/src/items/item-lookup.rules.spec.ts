import { AppError, READER_ITEMS_BY_ID_MAX } from '@app/proto';
import { parseItemLookup, parseStatusChange } from './item-lookup.rules';

const id = (i: number) => `rit-${i.toString(16).padStart(20, '0')}`;
const refused = (fn: () => unknown): { status: number; reason: unknown } => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, reason: err.toWire().reason };
    throw err;
  }
  throw new Error('not refused');
};

describe('the reader’s look-up of many items by id (reader/_view/items)', () => {
  it('takes up to 1,000 ids and 2,000 prefixes as lists, each id once', () => {
    const ids = Array.from({ length: READER_ITEMS_BY_ID_MAX }, (_, i) => id(i));
    const prefixes = Array.from({ length: 2 * READER_ITEMS_BY_ID_MAX }, (_, i) => `rit-${i.toString(16).padStart(16, '0')}`);
    const lookup = parseItemLookup({ ids: [...ids, ids[0]], prefixes, fields: ['_id'] });
    expect([lookup.ids.length, lookup.prefixes.length, lookup.fields]).toEqual([1000, 2000, ['_id']]);
  });

  it('refuses more than it takes, anything but item ids and prefixes of 16 hex digits or more, and nothing at all (400)', () => {
    expect(refused(() => parseItemLookup({ ids: Array.from({ length: 1001 }, (_, i) => id(i)) }))).toEqual({ status: 400, reason: 'ids holds 1001 values, at most 1000 at once' });
    expect(refused(() => parseItemLookup({ prefixes: ['rit-0123'] })).status).toBe(400);
    expect(refused(() => parseItemLookup({ ids: ['hbk-00000000000000000000'] })).status).toBe(400);
    expect(refused(() => parseItemLookup({ ids: 'rit-00000000000000000000' })).status).toBe(400);
    expect(refused(() => parseItemLookup({})).status).toBe(400);
    expect(refused(() => parseItemLookup({ ids: [id(1)], fields: 'title' })).status).toBe(400);
  });
});

describe('the status of many items at once (reader/_update/set_status/{handler})', () => {
  it('maps the four handlers to the field and its value', () => {
    expect(parseStatusChange('read', { ids: [id(1)] })).toEqual({ field: 'read', to: true, ids: [id(1)] });
    expect(parseStatusChange('unread', { ids: [] })).toEqual({ field: 'read', to: false, ids: [] });
    expect(parseStatusChange('star', { ids: [id(2), id(2)] })).toEqual({ field: 'starred', to: true, ids: [id(2)] });
    expect(parseStatusChange('unstar', {})).toEqual({ field: 'starred', to: false, ids: [] });
  });

  it('answers 404 for another handler and 400 for more than 1,000 ids or what is no item id', () => {
    expect(refused(() => parseStatusChange('toString', { ids: [] })).status).toBe(404);
    expect(refused(() => parseStatusChange('read', { ids: Array.from({ length: 1001 }, (_, i) => id(i)) })).status).toBe(400);
    expect(refused(() => parseStatusChange('read', { ids: [42] })).status).toBe(400);
  });
});
