import { actionOf, actorLabel, counterDelta, countByKlassRows, loggedAnnouncements, parseChangesParams, type LoggedChange } from './change.rules';

describe('change feed rules', () => {
  it('announces logged rows per account by seq, in messages of at most the given size, without labels', () => {
    const row = (account_id: string, seq: number, deleted = false): LoggedChange => ({ account_id, seq, id: `tkt-${seq}`, rev: `${seq}-r`, klass: 'Ticket', deleted, action: deleted ? 'destroy' : 'update' });
    const out = loggedAnnouncements([row('acc-b', 2), row('acc-a', 7, true), row('acc-b', 1), row('acc-b', 3)], 2);
    expect(out).toEqual([
      { account_id: 'acc-b', changes: [expect.objectContaining({ seq: 1 }), expect.objectContaining({ seq: 2 })] },
      { account_id: 'acc-b', changes: [expect.objectContaining({ seq: 3 })] },
      { account_id: 'acc-a', changes: [{ seq: 7, id: 'tkt-7', changes: [{ rev: '7-r' }], deleted: true, action: 'destroy', klass: 'Ticket' }] },
    ]);
    expect(out[0].changes[0]).not.toHaveProperty('deleted');
    expect(loggedAnnouncements([])).toEqual([]);
  });

  it('derives the action: deleted → destroy, 1- → create, else update', () => {
    expect(actionOf('1-abc', false)).toBe('create');
    expect(actionOf('2-abc', false)).toBe('update');
    expect(actionOf('11-abc', false)).toBe('update');
    expect(actionOf('1-abc', true)).toBe('destroy');
    expect(actionOf('3-abc', true)).toBe('destroy');
  });

  it('reads _changes parameters from JSON or query text', () => {
    expect(parseChangesParams({})).toEqual({ since: 0, includeDocs: false, limit: 1000, descending: true });
    expect(parseChangesParams({ since: '5', include_docs: 'true', limit: '20', descending: 'false' })).toEqual({ since: 5, includeDocs: true, limit: 20, descending: false });
    expect(parseChangesParams({ since: 'now' }).since).toBe('now');
    expect(() => parseChangesParams({ since: -1 })).toThrow();
    expect(() => parseChangesParams({ since: '1.5' })).toThrow();
    expect(() => parseChangesParams({ limit: 10_001 })).toThrow();
    expect(() => parseChangesParams({ descending: 'yes' })).toThrow();
  });

  it('moves counters by the change of a document between states', () => {
    expect(counterDelta(null, { deleted: false, size: 10 })).toEqual({ count: 1, size: 10 });
    expect(counterDelta(null, { deleted: true, size: 3 })).toEqual({ count: 0, size: 0 });
    expect(counterDelta({ deleted: false, size: 10 }, { deleted: false, size: 25 })).toEqual({ count: 0, size: 15 });
    expect(counterDelta({ deleted: false, size: 10 }, { deleted: true, size: 3 })).toEqual({ count: -1, size: -10 });
    expect(counterDelta({ deleted: true, size: 3 }, { deleted: false, size: 8 })).toEqual({ count: 1, size: 8 });
  });

  it('answers count-by-klass per counted klass or as one total, as spec §3 Counter names it (kind, amount, size)', () => {
    const counters = [
      { klass: 'Ticket', count: 3, size: 300 },
      { klass: 'AccountConfiguration', count: 13, size: 999 },
      { klass: 'Customer', count: 2, size: 50 },
      { klass: 'Comment', count: 0, size: 0 },
      { klass: 'ReaderItem', count: 40, size: 4000 },
    ];
    const v = (kind: string | null, amount: number, size: number) => ({ kind, amount, size, count: amount });
    expect(countByKlassRows(counters, {})).toEqual([{ key: null, value: v(null, 5, 350) }]);
    expect(countByKlassRows(counters, { group_level: 0 })).toEqual([{ key: null, value: v(null, 5, 350) }]);
    expect(countByKlassRows(counters, { group: true })).toEqual([
      { key: 'Customer', value: v('Customer', 2, 50) },
      { key: 'Ticket', value: v('Ticket', 3, 300) },
    ]);
    expect(countByKlassRows(counters, { group_level: 1, keys: ['Ticket'] })).toEqual([{ key: 'Ticket', value: v('Ticket', 3, 300) }]);
    expect(() => countByKlassRows(counters, { group_level: 'x' })).toThrow();
    expect(() => countByKlassRows(counters, { keys: 'Ticket' })).toThrow();
  });

  it('answers a klass named in key or keys even when it does not count for the limit (the reader tiles, spec §2)', () => {
    const counters = [
      { klass: 'Ticket', count: 3, size: 300 },
      { klass: 'ReaderItem', count: 40, size: 4000 },
      { klass: 'ReaderSubscription', count: 2, size: 20 },
      { klass: 'ReaderLabel', count: 3, size: 30 },
      { klass: 'NoSuchKlass', count: 9, size: 9 },
    ];
    expect(countByKlassRows(counters, { group_level: 1, keys: ['ReaderItem', 'ReaderSubscription', 'ReaderLabel', 'NoSuchKlass'] }).map((r) => [r.key, r.value.amount])).toEqual([
      ['ReaderItem', 40],
      ['ReaderLabel', 3],
      ['ReaderSubscription', 2],
    ]);
    expect(countByKlassRows(counters, { group_level: 1, key: 'ReaderItem' })).toEqual([{ key: 'ReaderItem', value: { kind: 'ReaderItem', amount: 40, size: 4000, count: 40 } }]);
    // unnamed, they stay out of the records usage and the Free-plan limit count
    expect(countByKlassRows(counters, {})[0].value.amount).toBe(3);
    expect(countByKlassRows(counters, { group: true }).map((r) => r.key)).toEqual(['Ticket']);
  });

  it("names the actor by full name, else by the address: whole for administrators and the actor themself, masked for other members; null for no membership", () => {
    const user = (email: string) => ({ email, fullname: null, label: email, gravatar_hash: '', confirmed: true });
    const member = { admin: false, user: user('bob@example.com') };
    const admin = { admin: true, user: user('olga@example.com') };
    expect(actorLabel(member, { fullname: 'Ana Maria', email: 'ana@shop.test' })).toBe('Ana Maria');
    expect(actorLabel(member, { fullname: '  ', email: 'ana@shop.test' })).toBe('a…@shop.test');
    expect(actorLabel(member, { fullname: null, email: 'ana@shop.test' })).toBe('a…@shop.test');
    expect(actorLabel(admin, { fullname: null, email: 'ana@shop.test' })).toBe('ana@shop.test');
    expect(actorLabel({ admin: false, user: user('Ana@Shop.test') }, { fullname: null, email: 'ana@shop.test' })).toBe('ana@shop.test');
    expect(actorLabel(member, undefined)).toBeNull();
    expect(actorLabel({ admin: false }, { fullname: null, email: 'ana@shop.test' })).toBe('a…@shop.test');
  });
});
