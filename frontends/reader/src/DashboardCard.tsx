import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModuleFrame, useDashboardRefreshes } from '@app/module-kit';
import type { DashboardCardProps } from '@app/ui';
import { Feed } from './components/feed/Feed';
import { MarkReadOnOpenSwitch } from './components/feed/MarkReadOnOpenSwitch';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { accountPath } from './routing';

// The reader module's part of the dashboard (spec §2, "Reader module: a setting to mark items read on opening, and the
// feed"), exposed as `reader/DashboardCard` and mounted by the shell's ReaderCard when the active module is reader.

texts.register();

export default function DashboardCard(props: DashboardCardProps) {
  return (
    <ModuleFrame module="reader">
      <ReaderDashboard {...props} />
    </ModuleFrame>
  );
}

function ReaderDashboard({ accountId, refreshes }: DashboardCardProps) {
  const { t, i18n } = useTranslation('reader');
  texts.register(i18n);
  useEffect(() => setRouteName('dashboard.reader'), []);
  useDashboardRefreshes(refreshes);
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
