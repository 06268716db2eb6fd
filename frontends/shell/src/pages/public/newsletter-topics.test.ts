import { describe, expect, it } from 'vitest';
import { newsletterFlag, shownTopics, topicsValue } from './newsletter-topics';

describe('newsletter topics', () => {
  it('shows the stored topics while the newsletter is on', () => {
    expect(shownTopics(true, { value: ['tips'] })).toEqual({ product: false, tips: true });
    expect(shownTopics(true, { value: ['product', 'tips'] })).toEqual({ product: true, tips: true });
  });

  it('shows every topic off while the newsletter is off, whatever is stored', () => {
    expect(shownTopics(false, { value: ['product', 'tips'] })).toEqual({ product: false, tips: false });
    expect(shownTopics(false, null)).toEqual({ product: false, tips: false });
  });

  it('shows every topic on for a newsletter turned on without stored topics (or with none it knows)', () => {
    expect(shownTopics(true, null)).toEqual({ product: true, tips: true });
    expect(shownTopics(true, { value: [] })).toEqual({ product: true, tips: true });
    expect(shownTopics(true, { value: ['gone', 3] })).toEqual({ product: true, tips: true });
    expect(shownTopics(true, { value: 'product' })).toEqual({ product: true, tips: true });
  });

  it('stores the topics that are on and turns the flag on when any is', () => {
    expect(topicsValue({ product: false, tips: true })).toEqual(['tips']);
    expect(newsletterFlag({ product: false, tips: true })).toBe(true);
    expect(topicsValue({ product: false, tips: false })).toEqual([]);
    expect(newsletterFlag({ product: false, tips: false })).toBe(false);
  });
});
