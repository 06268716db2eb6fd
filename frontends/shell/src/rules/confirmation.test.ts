import { describe, expect, it } from 'vitest';
import { confirmationDaysLeft, confirmationMessageKey, isLastDay } from './confirmation';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (d: number, extraMs = 0) => new Date(now.getTime() - d * 86_400_000 - extraMs).toISOString();

describe('confirmationDaysLeft', () => {
  it('is 30 right after the e-mail was sent', () => {
    expect(confirmationDaysLeft(now.toISOString(), now)).toBe(30);
  });
  it('counts whole days left', () => {
    expect(confirmationDaysLeft(daysAgo(0, 1), now)).toBe(29);
    expect(confirmationDaysLeft(daysAgo(10), now)).toBe(20);
    expect(confirmationDaysLeft(daysAgo(28, 3_600_000), now)).toBe(1);
    expect(confirmationDaysLeft(daysAgo(29, 1), now)).toBe(0);
  });
  it('is never negative', () => {
    expect(confirmationDaysLeft(daysAgo(30), now)).toBe(0);
    expect(confirmationDaysLeft(daysAgo(45), now)).toBe(0);
  });
  it('is 0 without a valid date', () => {
    expect(confirmationDaysLeft(undefined, now)).toBe(0);
    expect(confirmationDaysLeft(null, now)).toBe(0);
    expect(confirmationDaysLeft('not a date', now)).toBe(0);
  });
  it('accepts a Date', () => {
    expect(confirmationDaysLeft(new Date(daysAgo(5)), now)).toBe(25);
  });
});

describe('the singular message under 2 days', () => {
  it('is singular for 0 and 1 day, plural from 2', () => {
    expect(isLastDay(0)).toBe(true);
    expect(isLastDay(1)).toBe(true);
    expect(isLastDay(2)).toBe(false);
    expect(confirmationMessageKey(1)).toBe('dashboard.confirmation.last_day');
    expect(confirmationMessageKey(2)).toBe('dashboard.confirmation.days_left');
    expect(confirmationMessageKey(30)).toBe('dashboard.confirmation.days_left');
  });
});
