import { AppError, BOARD_DEFAULT_LIMIT, BOARD_MAX_LIMIT } from '@app/proto';
import { boardLimit, boardRows, counterRows, groupLevel, PRIORITY_COUNTER_KEYS, STATUS_COUNTER_KEYS } from './ticket-views.rules';

const badRequest = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? err.error : err;
  }
  return 'no error';
};

describe('ticket views rules', () => {
  it('group_level: 0 by default, 1 for group=true, any level above 0 is 1, a string is read as a number, else 400', () => {
    expect(groupLevel({})).toBe(0);
    expect(groupLevel({ group: 'true' })).toBe(1);
    expect(groupLevel({ group: true })).toBe(1);
    expect(groupLevel({ group_level: '0', group: true })).toBe(0);
    expect(groupLevel({ group_level: 3 })).toBe(1);
    for (const bad of ['x', -1, 1.5, true]) expect(badRequest(() => groupLevel({ group_level: bad }))).toBe('bad_request');
  });

  it('priority counter rows are keyed TicketHigh, TicketMedium, TicketLow in that order, zeros included', () => {
    const counts = new Map([['low', 2], ['high', 5], ['', 1]]);
    expect(counterRows(counts, PRIORITY_COUNTER_KEYS, 1)).toEqual({
      rows: [
        { key: 'TicketHigh', value: 5 },
        { key: 'TicketMedium', value: 0 },
        { key: 'TicketLow', value: 2 },
      ],
    });
  });

  it('group_level 0 answers one row with the total, tickets without a known value included', () => {
    expect(counterRows(new Map([['low', 2], ['high', 5], ['', 1]]), PRIORITY_COUNTER_KEYS, 0)).toEqual({ rows: [{ key: null, value: 8 }] });
    expect(counterRows(new Map(), STATUS_COUNTER_KEYS, 0)).toEqual({ rows: [{ key: null, value: 0 }] });
  });

  it('status counter rows are the six statuses in board order, keyed by themselves', () => {
    expect(counterRows(new Map([['done', 1]]), STATUS_COUNTER_KEYS, 1).rows.map((r) => [r.key, r.value])).toEqual([
      ['open', 0],
      ['block', 0],
      ['doing', 0],
      ['review', 0],
      ['done', 1],
      ['cancel', 0],
    ]);
  });

  it(`board limit: ${BOARD_DEFAULT_LIMIT} by default, an integer from 1 to ${BOARD_MAX_LIMIT} (a string is read as a number), else 400`, () => {
    expect(boardLimit(undefined)).toBe(BOARD_DEFAULT_LIMIT);
    expect(boardLimit('5')).toBe(5);
    expect(boardLimit(BOARD_MAX_LIMIT)).toBe(BOARD_MAX_LIMIT);
    for (const bad of [0, BOARD_MAX_LIMIT + 1, 2.5, 'x', null]) expect(badRequest(() => boardLimit(bad))).toBe('bad_request');
  });

  it('board rows: one column per status in board order, at most `limit` cards each, `more` when the query found one more; null fields left out', () => {
    const card = (status: string, number: number) => ({ status, _id: `tkt-${number}`, number, title: `T${number}`, priority: 'low', customer_name: null, equipment_identifier: null, technical_id: null });
    const reply = boardRows([card('doing', 3), card('doing', 2), card('doing', 1), card('open', 4)], 2);
    expect(reply.rows.map((r) => r.key)).toEqual(['open', 'block', 'doing', 'review', 'done', 'cancel']);
    expect(reply.rows[0].value).toEqual({ cards: [{ _id: 'tkt-4', number: 4, title: 'T4', priority: 'low' }], more: false });
    expect(reply.rows[2].value).toEqual({
      cards: [
        { _id: 'tkt-3', number: 3, title: 'T3', priority: 'low' },
        { _id: 'tkt-2', number: 2, title: 'T2', priority: 'low' },
      ],
      more: true,
    });
    expect(reply.rows[1].value).toEqual({ cards: [], more: false });
  });
});
