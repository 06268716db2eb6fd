import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { MembershipCard } from '../../components/membership/MembershipCard';
import { PageLoader } from '../../components/PageLoader';
import { membershipsQuery } from './profile-api';

/**
 * The groups tab (accepted memberships, bookmarked first) or the invites tab (pending ones). Invitations are matched
 * by e-mail, and the server lists them only once the address is confirmed: before that the tab says so (with the
 * resend link) rather than "no invitations".
 */
export function MembershipsTab({ userId, confirmed, pending }: { userId: string; confirmed: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const memberships = useQuery(membershipsQuery(userId));
  if (memberships.isPending) return <PageLoader />;
  if (!memberships.data) return <ErrorBanner error={memberships.error} />;
  const shown = memberships.data.filter((m) => (m.status === 'pending') === pending);
  const awaitingConfirmation = pending && !confirmed;
  return (
    <Stack>
      {awaitingConfirmation && (
        <Alert color="yellow" data-testid="invites-confirm-notice">
          <Stack gap={4}>
            <Text size="sm">{t('profile.invites_confirm_hint')}</Text>
            <Anchor component={Link} to="/user/confirm/new" size="sm">
              {t('profile.invites_resend')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {shown.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {shown.map((m) => (
            <MembershipCard key={m._id} membership={m} userId={userId} confirmed={confirmed} />
          ))}
        </SimpleGrid>
      ) : (
        !awaitingConfirmation && <Text c="dimmed">{pending ? t('profile.invites_empty') : t('profile.groups_empty')}</Text>
      )}
    </Stack>
  );
}
