import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PriorityBar } from '../../components/tickets/PriorityBar';
import { usePriorityCounts } from '../../components/tickets/ticket-views';
import { useDeployedModules } from '../../modules/deployed-modules';
import { useActiveModule } from '../../modules/module-store';
import { formatSize, totalStorage } from '../billing/billing-rules';
import { canCreateSubGroup } from '../groups/groups-rules';
import { useCounts, useDiskUsage, useIsAdmin, useSettings, useSubGroups } from './admin-data';
import { AdminOnly } from './AdminOnly';
import { adminTiles } from './admin-tiles';
import { ContactsCard } from './ContactsCard';
import { FeaturesCard } from './FeaturesCard';
import { GroupProfileCard } from './GroupProfileCard';

/** The group's admin page: counters, group profile, features, phones and addresses. */
function AdminPageContent() {
  const { t, i18n } = useTranslation();
  const { account_id = '' } = useParams();
  const queryClient = useQueryClient();
  const { isAdmin } = useIsAdmin(account_id);
  const counts = useCounts(account_id);
  const base = `/account/${account_id}`;
  const module = useActiveModule();
  const ticket = module === 'ticket';
  const subGroups = useSubGroups(account_id);
  const account = useQuery(accountQuery(account_id));
  const settings = useSettings(account_id);
  // the sub-groups tile shows once there are sub groups (spec §2); before that a corporate group's administrator gets
  // the way to the first one here
  const offerFirstSubGroup =
    subGroups.isSuccess && subGroups.data.length === 0 && settings.isSuccess && canCreateSubGroup(account.data?.['confirmed-plan'], settings.data['parent-account-id']?.value, isAdmin);
  const openBar = usePriorityCounts(account_id, 'count-by-open-ticket-priority', ticket);
  const allBar = usePriorityCounts(account_id, 'count-by-ticket-priority', ticket);
  const refresh = () => {
    for (const key of ['account', 'security', 'settings', 'count-by-klass', 'count-disk-usage', 'sub-groups', 'count-by-open-ticket-priority', 'count-by-ticket-priority'])
      void queryClient.invalidateQueries({ queryKey: [key, account_id] });
  };
  const totalCount = Object.values(counts.data ?? {}).reduce((n, c) => n + (c.count ?? 0), 0);
  // the disk's bytes are stored too: the usage tile's size is the billing page's total storage size
  const disk = useDiskUsage(account_id);
  const totalSize = totalStorage(
    Object.values(counts.data ?? {}).reduce((n, c) => n + (c.size ?? 0), 0),
    disk.data,
  );
  const deployed = useDeployedModules();
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const shown = adminTiles(module, account_id, (subGroups.data?.length ?? 0) > 0, deployed);
  // each tile's klass, counted for the limit or not (the reader's): asked by name
  const tileCounts = useCounts(
    account_id,
    shown.flatMap((tile) => (tile.klass ? [tile.klass] : [])),
  );
  const tiles = shown.map((tile) => ({
    ...tile,
    count:
      tile.key === 'groups'
        ? subGroups.data?.length ?? 0
        : tile.disk
          ? disk.data?.files ?? 0
          : tile.totals
            ? totalCount
            : tile.klass
              ? tileCounts.data?.[tile.klass]?.count ?? 0
              : 0,
    size: tile.key === 'usage' ? totalSize : tile.disk ? disk.data?.bytes : undefined,
  }));
  return (
    <Stack maw={960} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to={base} size="sm">
          {t('admin.breadcrumb_dashboard')}
        </Anchor>
        <Text size="sm">{t('admin.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {t('admin.title')}
        </Title>
        <Button variant="default" size="xs" onClick={refresh} loading={counts.isFetching}>
          {t('common.refresh')}
        </Button>
      </Group>
      <ErrorBanner error={counts.error ?? tileCounts.error ?? disk.error} />
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }}>
        {tiles.map((tile) => (
          <Paper key={tile.key} component={Link} to={tile.to} withBorder radius="md" p="md" data-testid={`tile-${tile.key}`} style={{ textDecoration: 'none', color: 'inherit' }}>
            <Text size="sm" c="dimmed">
              {t(tile.label ?? `nav.items.${tile.key}`)}
            </Text>
            <Text fz="xl" fw={700}>
              {number(tile.count)}
            </Text>
            {tile.size !== undefined && (
              <Text size="xs" c="dimmed">
                {formatSize(tile.size, i18n.language)}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {offerFirstSubGroup && (
        <Group justify="flex-end">
          <Anchor component={Link} to={`${base}/groups/new`} size="sm" data-testid="first-sub-group">
            {t('groups.new')}
          </Anchor>
        </Group>
      )}
      {ticket && (openBar.isSuccess || allBar.isSuccess) && (
        <Paper withBorder radius="md" p="md" data-testid="priority-bars">
          <Stack gap="md">
            {openBar.isSuccess && <PriorityBar counts={openBar.data} title={t('priority.open_title')} />}
            {allBar.isSuccess && <PriorityBar counts={allBar.data} title={t('priority.all_title')} />}
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <GroupProfileCard accountId={account_id} isAdmin={isAdmin} />
        {/* spec §2: the features card is the ticket module's (another module's switches are in the module switcher) */}
        {ticket && <FeaturesCard accountId={account_id} isAdmin={isAdmin} />}
        <ContactsCard accountId={account_id} kind="phones" isAdmin={isAdmin} />
        <ContactsCard accountId={account_id} kind="addresses" isAdmin={isAdmin} />
      </SimpleGrid>
    </Stack>
  );
}

/** Administrators only: a plain member gets the notice, not a read-only page. */
export default function AdminPage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <AdminPageContent />
    </AdminOnly>
  );
}
