import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useIsAdmin } from './admin-data';

/**
 * A page for the group's administrators (admin page, members, billing, usage): a plain member who opens it gets a
 * notice saying so, with a way back to the dashboard, instead of a read-only copy of the page.
 */
export function AdminOnly({ accountId, children }: { accountId: string; children: ReactNode }) {
  const { isAdmin, isPending } = useIsAdmin(accountId);
  if (isPending) return <PageLoader />;
  return isAdmin ? <>{children}</> : <AdminsOnlyNotice accountId={accountId} />;
}

export function AdminsOnlyNotice({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720} mx="auto" data-testid="admins-only">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h3" mb="sm">
          {t('admin.only_admins.title')}
        </Title>
        <Text c="dimmed" mb="md">
          {t('admin.only_admins.text')}
        </Text>
        <Anchor component={Link} to={`/account/${accountId}`}>
          {t('admin.only_admins.back')}
        </Anchor>
      </Paper>
    </Stack>
  );
}
