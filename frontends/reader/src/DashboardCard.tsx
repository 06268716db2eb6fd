import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContextBridge } from './app/context-bridge';
import { Feed } from './components/feed/Feed';
import { MarkReadOnOpenSwitch } from './components/feed/MarkReadOnOpenSwitch';
import { registerTranslations } from './i18n/register';
import { setRouteName } from './lib/api';
import { accountPath } from './routing';

// The reader module's part of the dashboard (spec §2, "Reader module: a setting to mark items read on opening, and the
// feed"), exposed as `reader/DashboardCard` and mounted by the shell's ReaderCard when the active module is reader.

registerTranslations();

export interface DashboardCardProps {
  accountId: string;
  /** how many times the dashboard's Refresh was pressed (the shell's count): each press reads the card's data again */
  refreshes?: number;
}

export default function DashboardCard({ accountId, refreshes = 0 }: DashboardCardProps) {
  return (
    <ContextBridge>
      <ReaderDashboard accountId={accountId} refreshes={refreshes} />
    </ContextBridge>
  );
}

function ReaderDashboard({ accountId, refreshes = 0 }: DashboardCardProps) {
  const { t, i18n } = useTranslation('reader');
  registerTranslations(i18n);
  useEffect(() => setRouteName('dashboard.reader'), []);
  const queryClient = useQueryClient();
  const seen = useRef(refreshes);
  useEffect(() => {
    if (refreshes === seen.current) return;
    seen.current = refreshes;
    void queryClient.invalidateQueries({ queryKey: ['reader'] });
  }, [refreshes, queryClient]);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="reader-dashboard">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('dashboard.title')}
          </Title>
          <Group gap="sm">
            <Anchor component={Link} to={accountPath(accountId, 'reader_items')} size="sm">
              {t('dashboard.all_items')}
            </Anchor>
            <Anchor component={Link} to={accountPath(accountId, 'reader_subscriptions')} size="sm">
              {t('nav.reader_subscriptions')}
            </Anchor>
          </Group>
        </Group>
        <MarkReadOnOpenSwitch />
        <Feed accountId={accountId} />
      </Stack>
    </Paper>
  );
}
