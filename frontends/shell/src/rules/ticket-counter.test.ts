import { describe, expect, it } from 'vitest';
import { counterBadgeText, counterColour } from './ticket-counter';

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
