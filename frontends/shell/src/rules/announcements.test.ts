import { describe, expect, it } from 'vitest';
import { visibleAnnouncements } from './announcements';

const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const posts = [
  { created_at: ago(1), language: 'en', content: 'new en' },
  { created_at: ago(3), language: 'pt-BR', content: 'novo pt' },
  { created_at: ago(2), language: 'pt', content: 'novo pt curto' },
  { created_at: ago(15.9), language: 'en', content: 'almost old en' },
  { created_at: ago(16), language: 'en', content: 'old en' },
  { created_at: ago(40), language: 'pt-BR', content: 'velho pt' },
  { created_at: 'garbage', language: 'en', content: 'bad date' },
  { created_at: ago(1), language: '', content: 'no language' },
];

describe('visibleAnnouncements', () => {
  it('keeps posts in the user language newer than 16 days, newest first', () => {
    expect(visibleAnnouncements(posts, 'en', now).map((p) => p.content)).toEqual(['new en', 'almost old en']);
    expect(visibleAnnouncements(posts, 'pt-BR', now).map((p) => p.content)).toEqual(['novo pt curto', 'novo pt']);
  });
  it('matches locale spellings of the same language', () => {
    expect(visibleAnnouncements(posts, 'pt_BR', now)).toHaveLength(2);
    expect(visibleAnnouncements(posts, 'en-US', now)).toHaveLength(2);
  });
  it('shows nothing without posts', () => {
    expect(visibleAnnouncements([], 'en', now)).toEqual([]);
  });
});
