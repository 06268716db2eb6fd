import { describe, expect, it } from 'vitest';
import { formatPointAt, ordinalDay } from './dates';

// noon UTC: the same calendar day in every time zone the tests may run in, but for ±12 h
const at = (ymd: string) => `${ymd}T12:00:00Z`;

describe("point_at as 'MMM do yyyy'", () => {
  it('writes English dates with the ordinal day', () => {
    expect(formatPointAt(at('2026-05-01'), 'en')).toBe('May 1st 2026');
    expect(formatPointAt(at('2026-05-02'), 'en')).toBe('May 2nd 2026');
    expect(formatPointAt(at('2026-05-03'), 'en')).toBe('May 3rd 2026');
    expect(formatPointAt(at('2026-09-11'), 'en')).toBe('Sep 11th 2026');
    expect(formatPointAt(at('2026-12-22'), 'en')).toBe('Dec 22nd 2026');
    expect(formatPointAt(at('2026-01-13'), 'en-US')).toBe('Jan 13th 2026');
  });

  it('writes Portuguese dates day first through Intl.DateTimeFormat (spec §9), not as "nov 27º 2026"', () => {
    expect(formatPointAt(at('2026-05-01'), 'pt-BR')).toBe('1 de mai. de 2026');
    expect(formatPointAt(at('2026-02-14'), 'pt-BR')).toBe('14 de fev. de 2026');
    expect(formatPointAt(at('2026-11-27'), 'pt')).toBe('27 de nov. de 2026');
    expect(formatPointAt(at('2026-11-27'), 'pt-BR')).not.toMatch(/º/);
  });

  it('writes nothing for a missing or broken date', () => {
    expect(formatPointAt(null, 'en')).toBe('');
    expect(formatPointAt('yesterday', 'en')).toBe('');
  });

  it('ordinals: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((d) => ordinalDay(d, 'en'))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });
});
