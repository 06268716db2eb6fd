import { isoWeek, recordsCreated, summaryGroups, summaryPeriod, weeklyJobId, closedTickets } from './summary.rules';

describe('weekly summary rules', () => {
  it('names ISO weeks, the Thursday deciding the year', () => {
    expect(isoWeek(new Date('2026-11-26T10:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48'); // Monday
    expect(isoWeek(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48'); // Sunday
    expect(isoWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53'); // a Friday: still the last week of 2026
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01'); // a Monday: the first week of 2025
  });

  it('covers the 30 UTC days ending with the day of the run', () => {
    expect(summaryPeriod(new Date('2026-11-26T07:00:00Z'))).toEqual({ from: '2026-10-28', to: '2026-11-26', since: new Date('2026-10-28T00:00:00Z') });
    expect(summaryPeriod(new Date('2026-03-01T23:00:00Z'))).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('names a user\'s job by user and week (three colon-separated parts)', () => {
    expect(weeklyJobId('usr-abc', '2026-W48')).toBe('weekly:usr-abc:2026-W48');
    expect(weeklyJobId('usr-abc', '2026-W48').split(':')).toHaveLength(3);
  });

  it('lists the kinds counted as records, most first, without the group itself or kinds that are not records', () => {
    expect(
      recordsCreated([
        { klass: 'Account', count: 1 },
        { klass: 'Customer', count: 2 },
        { klass: 'Ticket', count: 5 },
        { klass: 'AccountConfiguration', count: 3 },
        { klass: 'Comment', count: 2 },
        { klass: 'Nope', count: 9 },
        { klass: 'Income', count: 0 },
      ]),
    ).toEqual([
      { klass: 'Ticket', count: 5 },
      { klass: 'Comment', count: 2 },
      { klass: 'Customer', count: 2 },
    ]);
  });

  it('keeps the groups where something happened; a quiet user gets an empty list (no mail)', () => {
    const link = (id: string) => `http://x/account/${id}`;
    const busy = { id: 'acc-1', name: 'A', opened: 2, closed: 1, created: [{ klass: 'Ticket', count: 2 }] };
    const closedOnly = { id: 'acc-2', name: 'B', opened: 0, closed: 3, created: [] };
    const quiet = { id: 'acc-3', name: 'C', opened: 0, closed: 0, created: [{ klass: 'Account', count: 1 }, { klass: 'AccountConfiguration', count: 4 }] };
    expect(summaryGroups([busy, quiet, closedOnly], link)).toEqual([
      { name: 'A', link: 'http://x/account/acc-1', opened: 2, closed: 1, records: [{ klass: 'Ticket', count: 2 }] },
      { name: 'B', link: 'http://x/account/acc-2', opened: 0, closed: 3, records: [] },
    ]);
    expect(summaryGroups([quiet], link)).toEqual([]);
  });

  it('counts done and cancelled tickets as closed', () => {
    expect(closedTickets({ done: 3, cancelled: 2 })).toBe(5);
  });
});
