import { Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sessionQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { DataTab } from './DataTab';
import { MembershipsTab } from './MembershipsTab';
import { isConfirmed, userQuery } from './profile-api';
import { ProfileTab } from './ProfileTab';
import { TokensTab } from './TokensTab';

export const PAGES = ['profile', 'data', 'groups', 'invites', 'user_tokens'] as const;
export type ProfilePageName = (typeof PAGES)[number];

/** /user/profile?page=…: the profile tabs of spec §2, the tab kept in the query string (default profile). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const page: ProfilePageName = (PAGES as readonly string[]).includes(raw ?? '') ? (raw as ProfilePageName) : 'profile';
  const session = useQuery(sessionQuery);
  const userId = session.data?.userCtx.name ?? '';
  const user = useQuery({ ...userQuery(userId), enabled: !!userId });
  if (!session.data || (user.isPending && !user.isError)) return <PageLoader />;
  if (!user.data) return <ErrorBanner error={user.error} />;
  const confirmed = isConfirmed(user.data);
  return (
    <Stack maw={960} mx="auto">
      <Title order={2}>{t('profile.title')}</Title>
      <Tabs value={page} onChange={(v) => setParams(v && v !== 'profile' ? { page: v } : {})} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {PAGES.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`profile.tabs.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <ProfileTab user={user.data} />
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="md">
          <DataTab user={user.data} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <MembershipsTab userId={userId} confirmed={confirmed} pending={false} />
        </Tabs.Panel>
        <Tabs.Panel value="invites" pt="md">
          <MembershipsTab userId={userId} confirmed={confirmed} pending />
        </Tabs.Panel>
        <Tabs.Panel value="user_tokens" pt="md">
          <TokensTab userId={userId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
