import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isFirstDay, timelineRows } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useParams } from 'react-router';
import { accountQuery, api, sessionQuery } from '../../app/api';
import { BalancesCard } from '../../components/dashboard/BalancesCard';
import { ConfirmationCard } from '../../components/dashboard/ConfirmationCard';
import { FirstSteps } from '../../components/dashboard/FirstSteps';
import { NotificationsCard } from '../../components/dashboard/NotificationsCard';
import { ReaderCard } from '../../components/dashboard/ReaderCard';
import { Timeline } from '../../components/dashboard/Timeline';
import { useWalletBalances } from '../../components/dashboard/wallet-balances';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { PriorityBar } from '../../components/tickets/PriorityBar';
import { usePriorityCounts } from '../../components/tickets/ticket-views';
import { useActiveModule } from '../../modules/module-store';
import { membersQuery, peopleByMembership } from '../members/members-data';

/**
 * A group's dashboard (spec §2): refresh, the account-confirmation card for an unconfirmed user, the system
 * notifications and the last 20 changes as people read them (components/dashboard/Timeline: settings collapsed, rows
 * linking to their records); a group where nothing but its creation happened shows the first steps instead. The
 * ticket module adds the open-ticket priority bar, the finance module the balances card (components/dashboard/
 * BalancesCard: per-currency totals, hidden until Show is pressed); in the reader module the reader remote's card (the
 * mark-read-on-open setting and the feed: components/dashboard/ReaderCard) takes the timeline's place (spec §2).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { account_id = '' } = useParams();
  const session = useQuery(sessionQuery);
  const userId = session.data?.userCtx.name ?? '';
  const unconfirmed = session.data?.user?.confirmed === false;
  // confirmation_sent_at is only on the user document
  const user = useQuery({
    queryKey: ['user', userId],
    queryFn: () => api.call('GET /_users/{name}', { params: { name: userId } }),
    enabled: unconfirmed && !!userId,
  });
  const account = useQuery(accountQuery(account_id));
  const changes = useQuery({
    queryKey: ['changes', account_id],
    queryFn: () => api.call('GET /{db}/_changes', { params: { db: account_id }, query: { include_docs: true, descending: true, limit: 20 } }),
  });
  // ticket module: open tickets split by priority (nothing while the tickets service is not deployed)
  const ticketModule = useActiveModule() === 'ticket';
  // reader module: the mark-read-on-open setting and the feed (the reader remote's card) take the timeline's place
  const readerModule = useActiveModule() === 'reader';
  const openTickets = usePriorityCounts(account_id, 'count-by-open-ticket-priority', ticketModule);
  // finance module (deployed): the per-currency totals of the balances card
  const balances = useWalletBalances(account_id);
  const rows = changes.data ? timelineRows(changes.data.results) : [];
  // a membership's row names the person: the feed labels memberships by their address
  const members = useQuery({ ...membersQuery(account_id), enabled: rows.some((r) => r.kind === 'record' && r.change.klass === 'Subscription') });
  // the reader remote's card reads its own queries: it is told of each Refresh by this count
  const [refreshes, setRefreshes] = useState(0);
  const refresh = () => {
    setRefreshes((n) => n + 1);
    void account.refetch();
    if (openTickets.isEnabled) void openTickets.refetch();
    if (balances.isEnabled) void balances.refetch();
    void changes.refetch();
    if (unconfirmed) void session.refetch();
    if (user.isEnabled) void user.refetch();
    if (members.isEnabled) void members.refetch();
  };
  return (
    <Stack maw={960} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {account.data?.name ?? t('account.dashboard')}
        </Title>
        <Button variant="default" size="xs" onClick={refresh} loading={account.isFetching || changes.isFetching}>
          {t('common.refresh')}
        </Button>
      </Group>
      <ErrorBanner error={account.error ?? changes.error} />
      {user.isSuccess && <ConfirmationCard confirmed={session.data?.user?.confirmed} sentAt={user.data.confirmation_sent_at} />}
      {/* the module too: after a switch away from the ticket module the cached counts stay in the query */}
      {ticketModule && openTickets.isSuccess && (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <PriorityBar counts={openTickets.data} title={t('priority.open_title')} />
        </Paper>
      )}
      {/* enabled too: after a switch to another module the cached totals stay in the query */}
      {balances.isEnabled && balances.isSuccess && <BalancesCard key={account_id} balances={balances.data} />}
      <NotificationsCard />
      {readerModule && <ReaderCard key={account_id} accountId={account_id} refreshes={refreshes} />}
      {!readerModule && (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <Title order={3} size="h5" mb="sm">
            {t('account.recent_changes')}
          </Title>
          {changes.isPending ? (
            <PageLoader />
          ) : !changes.data ? null : isFirstDay(rows) && ticketModule ? (
            <FirstSteps accountId={account_id} />
          ) : rows.length === 0 ? (
            <Text c="dimmed">{t('account.no_changes')}</Text>
          ) : (
            <Timeline accountId={account_id} rows={rows} people={peopleByMembership(members.data)} />
          )}
        </Paper>
      )}
    </Stack>
  );
}
