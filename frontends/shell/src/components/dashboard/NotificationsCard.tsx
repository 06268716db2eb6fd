import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnouncementsSource } from '../../announcements';
import { formatDateTime } from '../../pages/account/format-date';
import { visibleAnnouncements } from '../../rules/announcements';

/**
 * The system-notifications card (spec §2): posts from the announcements adapter, only those in the user's language and
 * newer than 16 days; nothing at all when none is left (or the feed fails).
 */
export function NotificationsCard({ now }: { now?: Date }) {
  const { t, i18n } = useTranslation();
  const source = useAnnouncementsSource();
  const posts = useQuery({ queryKey: ['announcements'], queryFn: ({ signal }) => source.list(signal), staleTime: 5 * 60_000, retry: false });
  const shown = visibleAnnouncements(posts.data ?? [], i18n.language, now);
  if (!shown.length) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="notifications-card">
      <Title order={3} size="h5" mb="sm">
        {t('dashboard.notifications.title')}
      </Title>
      <Stack gap="sm">
        {shown.map((p) => (
          <div key={`${p.created_at}-${p.content.slice(0, 20)}`}>
            <Text size="xs" c="dimmed">
              {formatDateTime(p.created_at, i18n.language)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {p.content}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
