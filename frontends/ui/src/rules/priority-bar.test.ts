import { describe, expect, it } from 'vitest';
import { priorityCounts, priorityPercentages } from './priority-bar';

describe('priorityPercentages', () => {
  it('is all 0 with nothing open', () => {
    expect(priorityPercentages({ high: 0, medium: 0, low: 0 })).toEqual({ high: 0, medium: 0, low: 0 });
  });
  it('gives whole numbers, low taking the remainder', () => {
    expect(priorityPercentages({ high: 1, medium: 1, low: 1 })).toEqual({ high: 33, medium: 33, low: 34 });
    expect(priorityPercentages({ high: 2, medium: 1, low: 0 })).toEqual({ high: 67, medium: 33, low: 0 });
    expect(priorityPercentages({ high: 1, medium: 2, low: 5 })).toEqual({ high: 13, medium: 25, low: 62 });
  });
  it('always sums to 100 and never goes negative', () => {
    for (let h = 0; h < 12; h++)
      for (let m = 0; m < 12; m++)
        for (let l = 0; l < 12; l++) {
          if (h + m + l === 0) continue;
          const p = priorityPercentages({ high: h, medium: m, low: l });
          expect(p.high + p.medium + p.low).toBe(100);
          expect(Math.min(p.high, p.medium, p.low)).toBeGreaterThanOrEqual(0);
          for (const v of Object.values(p)) expect(Number.isInteger(v)).toBe(true);
        }
  });
  it('ignores negative counts', () => {
    expect(priorityPercentages({ high: -2, medium: 1, low: 1 })).toEqual({ high: 0, medium: 50, low: 50 });
  });
});

describe('priorityCounts', () => {
  it('reads the group_level 1 rows keyed TicketHigh, TicketMedium, TicketLow', () => {
    expect(priorityCounts([{ key: 'TicketHigh', value: 2 }, { key: 'TicketMedium', value: 5 }, { key: 'TicketLow', value: 0 }])).toEqual({ high: 2, medium: 5, low: 0 });
    expect(priorityCounts([{ key: ['TicketLow'], value: 3 }])).toEqual({ high: 0, medium: 0, low: 3 });
  });
  it('ignores unknown keys (the old high, medium, low too) and values that are no counts', () => {
    expect(priorityCounts([{ key: 'urgent', value: 9 }, { key: 'high', value: 1 }, { key: 'TicketHigh', value: 'x' }, { key: null, value: 4 }])).toEqual({ high: 0, medium: 0, low: 0 });
    expect(priorityCounts(undefined)).toEqual({ high: 0, medium: 0, low: 0 });
  });
});
