// Which announcements the system-notifications card shows (spec §2, §9): only posts in the user's language and newer
// than 16 days, newest first.
import { toLanguage } from '@app/ui';
import type { Announcement } from '../announcements';

export const ANNOUNCEMENT_MAX_AGE_DAYS = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

export function visibleAnnouncements(posts: readonly Announcement[], language: string, now: Date = new Date()): Announcement[] {
  const wanted = toLanguage(language);
  const oldest = now.getTime() - ANNOUNCEMENT_MAX_AGE_DAYS * DAY_MS;
  return posts
    .filter((p) => {
      if (!p.language || toLanguage(p.language) !== wanted) return false;
      const created = new Date(p.created_at).getTime();
      return !Number.isNaN(created) && created > oldest;
    })
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
}
