import { AppError, type LiveChange } from '@app/proto';
import { planAnnounced, resumeAfter, sseComment, sseEvent, StreamCounts, toLiveChange, touchesMembership } from './live.rules';

const row = (seq: number, klass = 'Ticket'): LiveChange => ({ seq, id: `tkt-${seq}`, changes: [{ rev: '1-a' }], action: 'create', klass });

describe('live stream rules', () => {
  it('frames an event as id, name and one data line of JSON, ended by a blank line', () => {
    expect(sseEvent({ a: 'two\nlines' }, { id: 7 })).toBe('id: 7\ndata: {"a":"two\\nlines"}\n\n');
    expect(sseEvent({ last_seq: 3 }, { event: 'ready', id: 3 })).toBe('event: ready\nid: 3\ndata: {"last_seq":3}\n\n');
    expect(sseEvent({ error: 'forbidden' }, { event: 'end' })).toBe('event: end\ndata: {"error":"forbidden"}\n\n');
    expect(sseComment('keep\r\nalive')).toBe(': keep alive\n\n');
  });

  it('resumes after the Last-Event-ID header, else the last-event-id parameter, else from now; 400 for anything else', () => {
    expect(resumeAfter('12', undefined)).toBe(12);
    expect(resumeAfter('12', '3')).toBe(12);
    expect(resumeAfter(undefined, '3')).toBe(3);
    expect(resumeAfter('', ['4', '5'])).toBe(4);
    expect(resumeAfter(undefined, undefined)).toBeNull();
    expect(resumeAfter('0', undefined)).toBe(0);
    for (const bad of ['-1', '1.5', 'abc', '01', '99999999999999999']) {
      expect(() => resumeAfter(bad, undefined)).toThrow(AppError);
    }
    expect(() => resumeAfter(undefined, { x: 1 })).toThrow('Last-Event-ID must be a sequence number');
  });

  it('sends announced rows that follow the cursor, skips those at or before it, and reads the log over a hole', () => {
    expect(planAnnounced(5, [row(6), row(7)])).toEqual({ kind: 'send', rows: [row(6), row(7)] });
    expect(planAnnounced(5, [row(7), row(6)])).toEqual({ kind: 'send', rows: [row(6), row(7)] });
    expect(planAnnounced(6, [row(5), row(6), row(7)])).toEqual({ kind: 'send', rows: [row(7)] });
    expect(planAnnounced(9, [row(8), row(9)])).toEqual({ kind: 'send', rows: [] });
    expect(planAnnounced(5, [row(7), row(8)])).toEqual({ kind: 'read-log' });
    expect(planAnnounced(5, [row(6), row(8)])).toEqual({ kind: 'read-log' });
  });

  it('checks the membership again for changes of memberships, the group or its settings only', () => {
    expect(touchesMembership([row(1), row(2, 'Subscription')])).toBe(true);
    expect(touchesMembership([row(1, 'Account')])).toBe(true);
    expect(touchesMembership([row(1, 'AccountConfiguration')])).toBe(true);
    expect(touchesMembership([row(1), row(2, 'Customer')])).toBe(false);
  });

  it('sends a _changes result without its document summary or actor', () => {
    expect(
      toLiveChange({ seq: 4, id: 'tkt-1', changes: [{ rev: '2-b' }], action: 'update', klass: 'Ticket', actor_label: 'Ana', doc: { _id: 'tkt-1', _rev: '2-b', label: 'x', updated_at: 'now' } }),
    ).toEqual({ seq: 4, id: 'tkt-1', changes: [{ rev: '2-b' }], action: 'update', klass: 'Ticket' });
    expect(toLiveChange({ seq: 5, id: 'tkt-1', changes: [{ rev: '3-c' }], deleted: true, action: 'destroy', klass: 'Ticket', actor_label: null })).toEqual({
      seq: 5,
      id: 'tkt-1',
      changes: [{ rev: '3-c' }],
      deleted: true,
      action: 'destroy',
      klass: 'Ticket',
    });
  });

  it('counts streams per user and in all, refusing with 429 at either bound and freeing on release', () => {
    const counts = new StreamCounts({ maxStreams: 3, maxStreamsPerUser: 2 });
    counts.take('a');
    counts.take('a');
    expect(() => counts.take('a')).toThrow(expect.objectContaining({ status: 429, reason: expect.stringContaining('at most 2') }));
    counts.take('b');
    expect(() => counts.take('c')).toThrow(expect.objectContaining({ status: 429, reason: expect.stringContaining('on this server') }));
    expect(counts.total).toBe(3);
    counts.release('a');
    counts.take('c');
    expect([counts.of('a'), counts.of('b'), counts.of('c'), counts.total]).toEqual([1, 1, 1, 3]);
    counts.release('zz'); // never counted: nothing moves
    expect(counts.total).toBe(3);
  });
});
