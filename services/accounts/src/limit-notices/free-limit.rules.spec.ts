import { freeLimitJobId, limitAction, touchesLimit } from './free-limit.rules';

describe('Free-plan limit notice rules', () => {
  it.each([
    [{ records: 999, free: true, notified: false }, 'none'],
    [{ records: 1000, free: true, notified: false }, 'notify'],
    [{ records: 1500, free: true, notified: false }, 'notify'],
    [{ records: 1000, free: true, notified: true }, 'none'],
    [{ records: 999, free: true, notified: true }, 'clear'],
    [{ records: 5000, free: false, notified: true }, 'clear'],
    [{ records: 5000, free: false, notified: false }, 'none'],
  ] as const)('%j → %s', (state, action) => {
    expect(limitAction(state)).toBe(action);
  });

  it('tells each crossing once: notify, stay quiet above, clear below, notify again', () => {
    let notified = false;
    const told: number[] = [];
    for (const records of [998, 1000, 1001, 1200, 1000, 999, 990, 1000, 1003]) {
      const action = limitAction({ records, free: true, notified });
      if (action === 'notify') told.push(records);
      if (action !== 'none') notified = action === 'notify';
    }
    expect(told).toEqual([1000, 1000]);
  });

  it('names a crossing\'s job by group and crossing number (three colon-separated parts)', () => {
    expect(freeLimitJobId('acc-1', 2)).toBe('free-limit:acc-1:2');
  });

  it('checks only after changes of counted records or of the group\'s settings', () => {
    const counted = (k: string) => k === 'Ticket';
    expect(touchesLimit('Ticket', counted)).toBe(true);
    expect(touchesLimit('AccountConfiguration', counted)).toBe(true);
    expect(touchesLimit('TicketChecklist', counted)).toBe(false);
  });
});
