import { PAGE_SIZE } from './contract';

// The feed's pager (spec §2): previous, numbered earlier pages, the current page, next. Only earlier pages are
// numbered: how many come after is not known (a `_find` page says only whether it was full). Next is disabled when
// fewer items than the page size came back.

export type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap' };

/** Earlier pages numbered in full up to this many; beyond, the first, a gap and the two before the current one. */
export const PAGES_IN_FULL = 5;

/** The numbered buttons for `page` (0 is the first page): every earlier page, or 1 … p-2 p-1 when there are many. */
export function pagerItems(page: number): PagerItem[] {
  const current = Math.max(0, Math.floor(page));
  const at = (p: number): PagerItem => ({ kind: 'page', page: p, current: p === current });
  if (current < PAGES_IN_FULL) return Array.from({ length: current + 1 }, (_, p) => at(p));
  return [at(0), { kind: 'gap' }, at(current - 2), at(current - 1), at(current)];
}

/** Whether a page may follow the one that came back with `count` items. */
export const hasNextPage = (count: number) => count >= PAGE_SIZE;

/** The `skip` of a page. */
export const skipOf = (page: number) => Math.max(0, page) * PAGE_SIZE;
