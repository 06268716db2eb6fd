import { MAX_MINOR, normalizeTags, RECORD_TEXT_MAX } from './finance-records';
import { IncomeFields, OutgoFields } from './finance';

describe('a money record’s schema-free rules', () => {
  it('turns categories into tags: commas, dashes for spaces, lower case, no repeats, at most 30 of 60 characters', () => {
    expect(normalizeTags('Food, eating out,food')).toEqual(['food', 'eating-out']);
    expect(normalizeTags(['Car', 'car  wash, Fuel'])).toEqual(['car', 'car-wash', 'fuel']);
    expect(normalizeTags(' ,, ')).toEqual([]);
    expect(normalizeTags(12)).toEqual([]);
    expect(normalizeTags('A'.repeat(70))).toEqual(['a'.repeat(60)]);
    expect(normalizeTags(Array.from({ length: 40 }, (_, i) => `t${i}`).join(','))).toHaveLength(30);
  });

  it('bounds the schemas by the same amount and texts', () => {
    const base = { wallet_id: 'wal-1', date: '2026-10-01' };
    expect(OutgoFields.safeParse({ ...base, value: MAX_MINOR, paid_to: 'p'.repeat(RECORD_TEXT_MAX.third_party), description: 'd'.repeat(RECORD_TEXT_MAX.description) }).success).toBe(true);
    expect(OutgoFields.safeParse({ ...base, value: MAX_MINOR + 1 }).success).toBe(false);
    expect(IncomeFields.safeParse({ ...base, value: 1, paid_by: 'p'.repeat(RECORD_TEXT_MAX.third_party + 1) }).success).toBe(false);
    expect(IncomeFields.safeParse({ ...base, value: 1, description: 'd'.repeat(RECORD_TEXT_MAX.description + 1) }).success).toBe(false);
  });
});
