import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDateTime, formatShare, usedShare } from './format';

describe('formatBytes', () => {
  it('counts in decimal units (1 kB = 1000 bytes) with one decimal, in the language’s separators', () => {
    expect(formatBytes(1000, 'en')).toBe('1 kB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1536, 'pt-BR')).toBe('1,5 kB');
    expect(formatBytes(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatBytes(1_000_000_000, 'en')).toBe('1 GB');
    expect(formatBytes(2_500_000_000_000, 'pt-BR')).toBe('2,5 TB');
  });

  it('says bytes under 1000, one byte in the singular, and nothing as 0 bytes (in both languages)', () => {
    expect(formatBytes(999, 'en')).toBe('999 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    // Portuguese's plural rule (Intl.PluralRules 'pt') puts 0 with 1: "0 byte" read as a mistake
    expect(formatBytes(0, 'pt-BR')).toBe('0 bytes');
    expect(formatBytes(1, 'pt-BR')).toBe('1 byte');
    expect(formatBytes(999, 'pt-BR')).toBe('999 bytes');
    expect(formatBytes(undefined, 'en')).toBe('0 bytes');
  });

  it('moves to the next unit when rounding would show 1000 of the smaller one', () => {
    expect(formatBytes(999_949, 'en')).toBe('999.9 kB');
    expect(formatBytes(999_950, 'en')).toBe('1 MB');
  });
});

describe('usage share', () => {
  it('is the bytes over the quota, kept within 0–1, and 0 without a quota', () => {
    expect(usedShare(250, 1000)).toBe(0.25);
    expect(usedShare(2000, 1000)).toBe(1);
    expect(usedShare(5, 0)).toBe(0);
  });

  it('reads as a percentage in the language', () => {
    expect(formatShare(0.123, 'en')).toBe('12.3%');
    expect(formatShare(0.123, 'pt-BR')).toBe('12,3%');
  });
});

describe('formatDateTime and formatCount', () => {
  it('writes year-month-day in English and day/month/year in Portuguese, with local hours', () => {
    const at = new Date(2026, 2, 4, 9, 5).toISOString();
    expect(formatDateTime(at, 'en')).toBe('2026-03-04 09:05');
    expect(formatDateTime(at, 'pt-BR')).toBe('04/03/2026 09:05');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('groups thousands per language', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'pt-BR')).toBe('1.234.567');
  });
});
