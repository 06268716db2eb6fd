import { describe, expect, it } from 'vitest';
import { counterBadgeText, counterColour, OPEN_TICKET_RELOAD_MS, viewTotal } from './ticket-counter';

describe('open-ticket counter colour', () => {
  it.each([
    [0, 'grey'],
    [1, 'amber'],
    [6, 'amber'],
    [7, 'orange'],
    [9, 'orange'],
    [10, 'red'],
    [250, 'red'],
  ])('%i is %s', (n, colour) => {
    expect(counterColour(n)).toBe(colour);
  });
  it('treats a missing or negative count as 0', () => {
    expect(counterColour(-1)).toBe('grey');
    expect(counterColour(Number.NaN)).toBe('grey');
  });
});

describe('open-ticket badge text', () => {
  it('shows digits 0-9, then 9+', () => {
    expect([0, 1, 5, 9].map(counterBadgeText)).toEqual(['0', '1', '5', '9']);
    expect(counterBadgeText(10)).toBe('9+');
    expect(counterBadgeText(1234)).toBe('9+');
    expect(counterBadgeText(-3)).toBe('0');
  });
});

describe('open-ticket count', () => {
  it('is the value of the group_level 0 row', () => {
    expect(viewTotal([{ key: null, value: 12 }])).toBe(12);
    expect(viewTotal([{ key: null, value: 0 }])).toBe(0);
  });
  it('is 0 without rows or with a value that is no count', () => {
    expect(viewTotal([])).toBe(0);
    expect(viewTotal(undefined)).toBe(0);
    expect(viewTotal([{ key: null, value: 'x' }])).toBe(0);
    expect(viewTotal([{ key: null, value: -4 }])).toBe(0);
  });
  it('is reloaded every 180000 ms', () => {
    expect(OPEN_TICKET_RELOAD_MS).toBe(180000);
  });
});
