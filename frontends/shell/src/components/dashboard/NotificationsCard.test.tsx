import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnnouncementsProvider, emptyAnnouncements, type Announcement } from '../../announcements';
import { renderPage } from '../../test/render';
import { NotificationsCard } from './NotificationsCard';

const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const posts: Announcement[] = [
  { created_at: ago(1), language: 'en', content: 'Maintenance on Sunday' },
  { created_at: ago(2), language: 'pt-BR', content: 'Manutenção no domingo' },
  { created_at: ago(20), language: 'en', content: 'An old English post' },
];

const source = (list: Announcement[]) => ({ list: async () => list });

describe('NotificationsCard', () => {
  it('shows only posts in the user language newer than 16 days', async () => {
    renderPage(
      <AnnouncementsProvider source={source(posts)}>
        <NotificationsCard now={now} />
      </AnnouncementsProvider>,
      '/account/a1',
    );
    expect(await screen.findByText('Maintenance on Sunday')).toBeTruthy();
    expect(screen.getByText('System notifications')).toBeTruthy();
    expect(screen.queryByText('Manutenção no domingo')).toBeNull();
    expect(screen.queryByText('An old English post')).toBeNull();
  });

  it('renders nothing when no post is left after the filter', async () => {
    let listed = false;
    renderPage(
      <AnnouncementsProvider
        source={{
          list: async () => {
            listed = true;
            return [posts[1]!, posts[2]!];
          },
        }}
      >
        <NotificationsCard now={now} />
      </AnnouncementsProvider>,
      '/account/a1',
    );
    await waitFor(() => expect(listed).toBe(true));
    expect(screen.queryByTestId('notifications-card')).toBeNull();
  });

  it('renders nothing with the default adapter (the outside feed is not reachable)', async () => {
    expect(await emptyAnnouncements.list()).toEqual([]);
    renderPage(<NotificationsCard now={now} />, '/account/a1');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('notifications-card')).toBeNull();
  });
});
