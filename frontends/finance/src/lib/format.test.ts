import { describe, expect, it } from 'vitest';
import { formatDate, isoDay, monthLabel, monthOf, shiftMonth } from './format';

describe('dates and months', () => {
  it('shows a date year-month-day in English and day/month/year in Portuguese', () => {
    expect(formatDate('2026-05-09', 'en')).toBe('2026-05-09');
    expect(formatDate('2026-05-09', 'pt-BR')).toBe('09/05/2026');
    expect(formatDate(undefined, 'en')).toBe('');
  });

  it('gives today as yyyy-mm-dd in the local calendar', () => {
    expect(isoDay(new Date(2026, 0, 3, 23, 59))).toBe('2026-01-03');
  });

  it('reads the month of the address, this month when it is malformed, and moves across years', () => {
    const now = new Date(2026, 4, 10);
    expect(monthOf('2025-12', now)).toBe('2025-12');
    expect(monthOf('2025-13', now)).toBe('2026-05');
    expect(monthOf(null, now)).toBe('2026-05');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
  });

  it('names a month in the language, its first letter capital (not "De")', () => {
    expect(monthLabel('2026-05', 'en')).toBe('May 2026');
    expect(monthLabel('2026-05', 'pt-BR')).toBe('Maio de 2026');
  });
});
