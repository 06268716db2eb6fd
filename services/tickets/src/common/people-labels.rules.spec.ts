import { Doc } from '@app/proto';
import { personFieldsNamed, presentPeople, showsSameAt } from './people-labels.rules';

const doc = (fields: Record<string, unknown>): Doc => ({ _id: 'x-1', _rev: '1-a', created_at: '', updated_at: '', created_by: null, ...fields }) as Doc;
const event = (user_label: string | null) => ({ status: 'open', from: null, user_id: 'usr-b', user_label, at: '' });

describe('people labels rules', () => {
  it("masks the address in a comment's user.label and in every status event's user_label, and nothing else", () => {
    const comment = doc({ klass: 'Comment', content: 'write to joe@x.com', user: { _id: 'usr-b', label: 'bob@example.com' } });
    expect(presentPeople(comment)).toEqual({ ...comment, user: { _id: 'usr-b', label: 'b…@example.com' } });
    const ticket = doc({ klass: 'Ticket', status_events: [event('bob@example.com'), event('Ana'), event(null)], content: 'ana@x.org' });
    expect(presentPeople(ticket)).toEqual({ ...ticket, status_events: [event('b…@example.com'), event('Ana'), event(null)] });
    // projected documents (no klass) too
    expect(presentPeople({ _id: 'cmt-1', user: { label: 'bob@example.com' } } as unknown as Doc)).toEqual({ _id: 'cmt-1', user: { label: 'b…@example.com' } });
  });

  it('answers the document itself when no label holds an address (full names, masked addresses, none)', () => {
    for (const d of [
      doc({ user: { _id: 'usr-b', label: 'Bob' } }),
      doc({ user: { _id: 'usr-b', label: 'b…@example.com' } }),
      doc({ status_events: [event('Ana'), event('a…@x.org'), event(null)] }),
      doc({ klass: 'Customer', email: 'maria@example.com' }),
    ]) {
      expect(presentPeople(d)).toBe(d);
    }
  });

  it('finds the person fields a selector or sort looks at: directly, through a parent, an index, $elemMatch or combinators', () => {
    expect(personFieldsNamed({ selector: { klass: 'Comment', ticket_id: 'tkt-1' } })).toEqual([]);
    expect(personFieldsNamed({ selector: { 'user.label': 'x' } })).toEqual(['user']);
    expect(personFieldsNamed({ selector: { user: { label: { $regex: '^b' } } } })).toEqual(['user']);
    expect(personFieldsNamed({ selector: { user: { $eq: {} } } })).toEqual(['user']);
    expect(personFieldsNamed({ selector: { 'user._id': 'usr-b' } })).toEqual([]);
    expect(personFieldsNamed({ selector: { $not: { 'status_events.0.user_label': 'x' } } })).toEqual(['status_events']);
    expect(personFieldsNamed({ selector: { status_events: { $elemMatch: { user_label: 'x' } } } })).toEqual(['status_events']);
    expect(personFieldsNamed({ selector: { status_events: { $elemMatch: { $eq: event('x') } } } })).toEqual(['status_events']);
    expect(personFieldsNamed({ selector: { status_events: { $size: 2 } } })).toEqual(['status_events']);
    expect(personFieldsNamed({ selector: { status_events: { $elemMatch: { user_id: 'usr-b', status: 'done' } } } })).toEqual([]);
    expect(personFieldsNamed({ selector: { $or: [{ klass: 'Ticket' }, { 'user.label': 'x' }] }, sort: [{ 'status_events.1.user_label': 'asc' }] })).toEqual(['user', 'status_events']);
  });

  it('tells whether the stored document is shown unchanged at the person fields named', () => {
    const old = doc({ user: { _id: 'usr-b', label: 'bob@example.com' }, status_events: [event('Ana')] });
    const shown = presentPeople(old);
    expect(showsSameAt(old, shown, ['user'])).toBe(false);
    expect(showsSameAt(old, shown, ['status_events'])).toBe(true);
    expect(showsSameAt(old, shown, [])).toBe(true);
  });
});
