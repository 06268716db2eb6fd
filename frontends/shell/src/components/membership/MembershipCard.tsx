import { Badge, Box, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionDoc } from '@app/proto';
import { accountPlan, PlanIcon } from '@app/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountQuery, api } from '../../app/api';
import { ErrorBanner } from '../ErrorBanner';
import { NotificationsModal } from './NotificationsModal';

interface Props {
  membership: SubscriptionDoc;
  /** the signed-in user's id (bookmarks live in the user's database) */
  userId: string;
  /** whether the user's e-mail is confirmed: accepting an invitation needs it */
  confirmed: boolean;
}

/**
 * A membership (spec §2): group name and plan icon, the bookmark ribbon and button, visit dashboard, accept for a
 * pending invitation (confirmed users only) and the notification-flags modal.
 */
export function MembershipCard({ membership: m, userId, confirmed }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [notifications, setNotifications] = useState(false);
  const pending = m.status === 'pending';
  // the group's plan comes with the group (a member reads it; an invitee cannot yet, and sees the free icon)
  const account = useQuery({ ...accountQuery(m.account_id), enabled: !pending, retry: false });
  const name = m.account_name || m.account_id;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['profile', 'memberships'] }),
      queryClient.invalidateQueries({ queryKey: ['session'] }),
    ]);
  const bookmark = useMutation({
    mutationFn: (on: boolean) => api.update(userId, 'bookmark', String(on), m._id),
    onSuccess: refresh,
  });
  const accept = useMutation({
    mutationFn: () => api.update(m.account_id, 'status', 'accept', m._id),
    onSuccess: async () => {
      await refresh();
      void navigate(`/account/${m.account_id}`);
    },
  });
  return (
    <Card withBorder radius="md" padding="md" pos="relative" data-testid="membership-card" style={{ overflow: 'clip' }}>
      {m.bookmark && (
        <Box
          pos="absolute"
          top={10}
          right={-30}
          bg="yellow.5"
          c="dark.8"
          px={32}
          py={2}
          fz="xs"
          fw={700}
          style={{ transform: 'rotate(45deg)' }}
          aria-label={t('profile.membership.bookmarked')}
        >
          ★
        </Box>
      )}
      <Stack gap="sm">
        {/* the whole group name, wrapped: an invitee decides by it (issue 12) */}
        <Group gap="xs" wrap="nowrap" align="flex-start" pr={m.bookmark ? 'lg' : undefined}>
          <PlanIcon plan={accountPlan(account.data)} />
          <Text fw={600} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }} data-testid="membership-name">
            {name}
          </Text>
          {pending && <Badge color="gray">{t('profile.membership.pending')}</Badge>}
        </Group>
        <ErrorBanner error={bookmark.error ?? accept.error} />
        {pending ? (
          <Tooltip label={t('profile.membership.accept_hint')} disabled={confirmed}>
            <Box>
              <Button fullWidth disabled={!confirmed} loading={accept.isPending} onClick={() => accept.mutate()}>
                {t('profile.membership.accept')}
              </Button>
              {!confirmed && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('profile.membership.accept_hint')}
                </Text>
              )}
            </Box>
          </Tooltip>
        ) : (
          <>
            <Button component={Link} to={`/account/${m.account_id}`} variant="light" fullWidth>
              {t('profile.membership.visit')}
            </Button>
            <Group gap="xs">
              <Button variant="default" size="xs" loading={bookmark.isPending} onClick={() => bookmark.mutate(!m.bookmark)}>
                {m.bookmark ? t('profile.membership.unbookmark') : t('profile.membership.bookmark')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setNotifications(true)}>
                {t('profile.membership.notifications')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      {!pending && <NotificationsModal opened={notifications} onClose={() => setNotifications(false)} membership={m} />}
    </Card>
  );
}
