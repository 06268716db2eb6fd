import type { Pool } from 'pg';
import { DocumentStore } from '../store/document-store';
import { openTestPool, TEST_SCHEMA, testDb } from '../store/testing/test-env';
import { matchesSelector } from './selector-match';

// Every selector runs through Postgres (store.find) and through matchesSelector over the same stored documents:
// both must pick the same ids. Where the expected ids are written down, both must also pick exactly those.

const F: Record<string, Record<string, unknown>> = {
  '01': { n: 1, s: 'apple', tags: ['red', 'blue'], flag: true },
  '02': { n: 2, s: 'banana', tags: ['blue'], flag: false },
  '03': { n: 3.5, s: 'Apple', tags: [], a: { b: { c: 1 } } },
  '04': { n: -1, s: 'cherry', tags: ['red', 'green', 'blue'], a: { b: { c: 2 } } },
  '05': { n: '1', s: 'date 42', a: { b: 1 } },
  '06': { n: null, s: '', a: { b: [1, 2] } },
  '07': { s: 'élan', a: { b: { c: 1, d: 'x' } } },
  '08': { n: 1.0, s: '😀', tags: ['red'], obj: {} },
  '09': { n: 100, s: '\uE000', obj: { x: 1, y: 2 } },
  '10': { n: 1e20, s: 'foo bar', obj: { y: 2, x: 1 } },
  '11': { n: 0, s: 'foobar', items: [{ name: 'x', qty: 3 }, { name: 'y', qty: 0 }] },
  '12': { n: 2, s: 'zebra', items: [{ name: 'z', qty: 1 }] },
  '13': { n: true, s: 'ZEBRA', items: [] },
  '14': { n: [1, 2], s: 'line1\nline2', tags: 'red' },
  '15': { n: { v: 1 }, s: 'a.b', tags: ['red', ['blue']] },
  '16': { n: 1.5, s: 'b', matrix: [[1, 2], [6, 7]] },
  '17': { n: 2.5, s: 'abc123', matrix: [[1], [2]] },
  '18': { n: -0.5, s: 'ÉLAN', 'we.ird': 1 },
  '19': { n: 5, s: 'x', items: [{ name: 'x', qty: 3, extra: true }] },
  '20': { s: 'Ünïcode', tags: [{ x: 1 }, { x: 1, y: 2 }] },
  '21': { n: 3, s: 'tab\there', tags: ['green', 'green'] },
  '22': { n: 4, s: 'foo-bar', a: { b: { c: [1] } } },
  '23': { n: '2', s: 'B', a: null },
  '24': { n: false, s: 'under_score', a: 'str' },
  '25': { n: 7, s: 'a+b', tags: ['Red'] },
  '26': { n: 8, s: 'ab', a: { b: { c: { d: 1 } } } },
  '27': { n: 9, s: 'aaa', items: [{ name: 'x' }, { qty: 9 }] },
  '28': { n: 10, s: '10', tags: [null] },
  '29': { n: 11, s: 'Zürich', flag: null },
  '30': { n: 12, s: 'naïve café' },
};

type Case = [string, Record<string, unknown>, string[]?];

const CASES: Case[] = [
  ['empty selector', {}, Object.keys(F)],
  ['implicit equality with a number', { n: 1 }, ['01', '08']],
  ['$eq 1.0 is 1', { n: { $eq: 1.0 } }, ['01', '08']],
  ['$eq string is not the number', { n: '1' }, ['05']],
  ['$ne needs the field', { n: { $ne: 1 } }],
  ['$gt number only numbers', { n: { $gt: 2 } }, ['03', '09', '10', '17', '19', '21', '22', '25', '26', '27', '28', '29', '30']],
  ['$gte number', { n: { $gte: 10 } }, ['09', '10', '28', '29', '30']],
  ['$lt number with negatives', { n: { $lt: 0 } }, ['04', '18']],
  ['$lte number', { n: { $lte: 0 } }, ['04', '11', '18']],
  ['range $gte and $lt', { n: { $gte: 1, $lt: 3 } }, ['01', '02', '08', '12', '16', '17']],
  ['$gt string only strings', { n: { $gt: '0' } }, ['05', '23']],
  ['string order by code point', { s: { $gt: 'z' } }],
  ['string above the private-use BMP char', { s: { $gt: '\uE000' } }, ['08']],
  ['$lte empty string', { s: { $lte: '' } }, ['06']],
  ['uppercase before lowercase (C order)', { s: { $lt: 'a' } }],
  ['null equality', { n: null }, ['06']],
  ['$ne null: present and not null', { n: { $ne: null } }],
  ['$exists true', { n: { $exists: true } }],
  ['$exists false', { n: { $exists: false } }, ['07', '20']],
  ['$in mixed types', { n: { $in: [1, '1', null] } }, ['01', '05', '06', '08']],
  ['$in empty', { n: { $in: [] } }, []],
  ['$nin', { n: { $nin: [1, 2, null] } }],
  ['$nin empty: every present field', { n: { $nin: [] } }],
  ['$in with containers', { n: { $in: [[1, 2], { v: 1 }] } }, ['14', '15']],
  ['array field does not equal an element', { tags: 'red' }, ['14']],
  ['whole array equality', { tags: ['red', 'blue'] }, ['01']],
  ['$all one', { tags: { $all: ['red'] } }, ['01', '04', '08', '15']],
  ['$all two', { tags: { $all: ['red', 'blue'] } }, ['01', '04']],
  ['$all empty: every array', { tags: { $all: [] } }],
  ['$all with an object is equality', { tags: { $all: [{ x: 1 }] } }, ['20']],
  ['$all with an array element', { tags: { $all: [['blue'], 'red'] } }, ['15']],
  ['$all null', { tags: { $all: [null] } }, ['28']],
  ['$size 2', { tags: { $size: 2 } }],
  ['$size 0', { tags: { $size: 0 } }, ['03']],
  ['$size on a non-array', { s: { $size: 5 } }, []],
  ['$elemMatch on scalars', { tags: { $elemMatch: { $eq: 'red' } } }, ['01', '04', '08', '15']],
  ['$elemMatch with $in', { tags: { $elemMatch: { $in: ['green', 'Red'] } } }, ['04', '21', '25']],
  ['$elemMatch fields of objects', { items: { $elemMatch: { name: 'x', qty: { $gt: 2 } } } }, ['11', '19']],
  ['$elemMatch empty: non-empty array', { items: { $elemMatch: {} } }, ['11', '12', '19', '27']],
  ['$elemMatch with $or inside', { items: { $elemMatch: { $or: [{ qty: { $lt: 1 } }, { name: { $regex: '^z' } }] } } }, ['11', '12']],
  ['nested $elemMatch', { matrix: { $elemMatch: { $elemMatch: { $gt: 5 } } } }, ['16']],
  ['$elemMatch on an object', { a: { $elemMatch: { c: 1 } } }, []],
  ['dotted path', { 'a.b.c': 1 }, ['03', '07']],
  ['implicit nested fields', { a: { b: { c: 1 } } }, ['03', '07']],
  ['implicit nested with operator', { a: { b: { c: { $gte: 1 } } } }, ['03', '04', '07']],
  ['nested equality with an object', { 'a.b.c': { d: 1 } }, ['26']],
  ['dotted into an array by index', { 'a.b.0': 1 }, ['06']],
  ['array index', { 'tags.0': 'red' }, ['01', '04', '08', '15']],
  ['negative array index', { 'tags.-1': 'blue' }, ['01', '02', '04']],
  ['index with + and leading zero', { 'tags.+1': 'blue', 'tags.01': 'blue' }, ['01']],
  ['index with a leading blank', { 'tags. 1': 'green' }, ['04', '21']],
  ['index into an array of objects', { 'items.0.name': 'x' }, ['11', '19', '27']],
  ['escaped dot in a field name', { 'we\\.ird': 1 }, ['18']],
  ['$exists on a path through a scalar', { 'a.b': { $exists: true } }],
  ['path through null is missing', { 'a.b': { $exists: false } }],
  ['$or', { $or: [{ n: 1 }, { s: 'banana' }] }, ['01', '02', '08']],
  ['$and', { $and: [{ n: { $gt: 0 } }, { n: { $lt: 2 } }] }, ['01', '08', '16']],
  ['$nor', { $nor: [{ n: 1 }, { n: { $exists: false } }] }],
  ['$nor of $exists equals $exists false', { $nor: [{ n: { $exists: true } }] }, ['07', '20']],
  ['top-level $not', { $not: { n: 1 } }],
  ['field $not includes missing fields', { n: { $not: { $gt: 2 } } }],
  ['$not of $in', { n: { $not: { $in: [1, 2] } } }],
  ['$not $exists false', { n: { $not: { $exists: false } } }],
  ['$not around $size', { tags: { $not: { $size: 2 } } }],
  ['$or inside a field', { n: { $or: [{ $lt: 0 }, { $gt: 50 }] } }, ['04', '09', '10', '18']],
  ['nested $or/$and', { $or: [{ $and: [{ n: { $gte: 0 } }, { n: { $lt: 2 } }] }, { s: { $regex: '^b' } }] }],
  ['$ne with a string vs numbers', { n: { $ne: '1' } }],
  ['boolean equality', { flag: true }, ['01']],
  ['boolean $ne', { flag: { $ne: true } }, ['02', '29']],
  ['empty object equality', { obj: {} }, ['08']],
  ['object equality ignores key order', { obj: { $eq: { x: 1, y: 2 } } }, ['09', '10']],
  ['$regex prefix', { s: { $regex: '^a' } }, ['01', '15', '17', '25', '26', '27']],
  ['$regex (?i) is ASCII case-insensitive', { s: { $regex: '(?i)^a' } }, ['01', '03', '15', '17', '25', '26', '27']],
  ['$regex (?i) leaves non-ASCII alone', { s: { $regex: '(?i)élan' } }, ['07']],
  ['$regex \\d+', { s: { $regex: '\\d+' } }, ['05', '14', '17', '28']],
  ['$regex dot is one code point', { s: { $regex: '^.$' } }, ['08', '09', '16', '19', '23']],
  ['$regex dot does not match a newline', { s: { $regex: '1.l' } }, []],
  ['$regex \\s matches a tab and blank', { s: { $regex: '\\s' } }, ['05', '10', '14', '21', '30']],
  ['$regex word boundary', { s: { $regex: '\\bfoo\\b' } }, ['10', '22']],
  ['$regex negated class', { s: { $regex: '^[^a-z]+$' } }, ['08', '09', '13', '18', '23', '28']],
  ['$regex alternation and group', { s: { $regex: '^(ban|cher)' } }, ['02', '04']],
  ['$regex bounded repeat', { s: { $regex: '^a{3}$' } }, ['27']],
  ['$regex escapes', { s: { $regex: 'a\\+b|a\\.b' } }, ['15', '25']],
  ['$regex unicode escape', { s: { $regex: '\\u00fc' } }, ['29']],
  ['$regex \\w is ASCII', { s: { $regex: '^\\w+$' } }],
  ['$regex never matches numbers', { n: { $regex: '1' } }, ['05']],
  ['klass pinned', { klass: 'Ticket', n: 2 }, ['02', '12']],
  ['klass $in pinned', { klass: { $in: ['Ticket', 'Customer'] }, n: 3 }, ['21']],
  ['_id $in', { _id: { $in: ['tkt-01', 'tkt-02'] } }, ['01', '02']],
  ['_id range', { _id: { $gte: 'tkt-28' } }, ['28', '29', '30']],
  ['mixed conditions', { tags: { $exists: true }, n: { $gt: 0 }, s: { $regex: 'e' } }],
  ['many $in values of all types', { n: { $in: [true, false, 1e20, -0.5, [1, 2], { v: 1 }] } }, ['10', '13', '14', '15', '18', '24']],
];

describe('Mango selectors: Postgres and matchesSelector agree', () => {
  let pool: Pool;
  let store: DocumentStore;
  const db = testDb();
  let stored: Record<string, unknown>[];

  beforeAll(async () => {
    pool = await openTestPool();
    store = new DocumentStore({ pool, schema: TEST_SCHEMA, service: 'tickets' });
    for (const [k, fields] of Object.entries(F)) await store.create(db, { ...fields, _id: `tkt-${k}`, klass: 'Ticket' }, 'usr-test');
    stored = (await store.find(db, { selector: {}, limit: 1000 })) as Record<string, unknown>[];
  });

  afterAll(async () => {
    await pool?.end();
  });

  it('has the fixture and enough cases', () => {
    expect(stored).toHaveLength(30);
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  // rows of equal length: jest hands a `done` callback to a test function with more parameters than the row has
  const rows = CASES.map(([name, selector, expected]) => [name, selector, expected ?? null] as const);
  it.each(rows)('%s', async (_name, selector, expected) => {
    const fromDb = (await store.find(db, { selector, limit: 1000 })).map((d) => d._id).sort();
    const inMemory = stored.filter((d) => matchesSelector(d, selector)).map((d) => d._id as string).sort();
    expect(fromDb).toEqual(inMemory);
    if (expected) expect(fromDb).toEqual(expected.map((k) => `tkt-${k}`).sort());
  });
});
