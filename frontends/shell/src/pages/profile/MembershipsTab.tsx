import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner';
import { MembershipCard } from '../../components/membership/MembershipCard';
import { PageLoader } from '../../components/PageLoader';
import { membershipsQuery } from './profile-api';

/** The groups tab (accepted memberships, bookmarked first) or the invites tab (pending ones). */
export function MembershipsTab({ userId, confirmed, pending }: { userId: string; confirmed: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const memberships = useQuery(membershipsQuery(userId));
  if (memberships.isPending) return <PageLoader />;
  if (!memberships.data) return <ErrorBanner error={memberships.error} />;
  const shown = memberships.data.filter((m) => (m.status === 'pending') === pending);
  return (
    <Stack>
      {pending && !confirmed && <Alert color="yellow">{t('profile.invites_confirm_hint')}</Alert>}
      {shown.length === 0 ? (
        <Text c="dimmed">{pending ? t('profile.invites_empty') : t('profile.groups_empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {shown.map((m) => (
            <MembershipCard key={m._id} membership={m} userId={userId} confirmed={confirmed} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
