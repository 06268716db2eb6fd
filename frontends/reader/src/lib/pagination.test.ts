import { describe, expect, it } from 'vitest';
import { hasNextPage, pagerItems, skipOf } from './pagination';

const shown = (page: number) => pagerItems(page).map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page + 1}]` : String(i.page + 1)));

describe('the feed pager', () => {
  it('numbers every earlier page and the current one, none after it', () => {
    expect(shown(0)).toEqual(['[1]']);
    expect(shown(1)).toEqual(['1', '[2]']);
    expect(shown(4)).toEqual(['1', '2', '3', '4', '[5]']);
  });

  it('keeps the first page, a gap and the two before the current one when there are many', () => {
    expect(shown(5)).toEqual(['1', '…', '4', '5', '[6]']);
    expect(shown(41)).toEqual(['1', '…', '40', '41', '[42]']);
  });

  it('offers a next page only after a full page of 10 (spec §9)', () => {
    expect(hasNextPage(10)).toBe(true);
    expect(hasNextPage(9)).toBe(false);
    expect(hasNextPage(0)).toBe(false);
  });

  it('skips 10 items a page', () => {
    expect([skipOf(0), skipOf(1), skipOf(7), skipOf(-1)]).toEqual([0, 10, 70, 0]);
  });
});
