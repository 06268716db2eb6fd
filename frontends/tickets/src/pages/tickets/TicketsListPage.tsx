import { Button, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityBar } from '../../components/PriorityBar';
import { TicketList } from '../../components/TicketList';
import { useSession } from '../../hooks/account';
import { accountPath, useRoute } from '../../routing';
import { OPEN_STATUSES, usePriorityCounts, useTickets } from './ticket-data';
import { ErrorBanner, PageHeader, Pager } from '@app/module-kit';

const PAGE_SIZE = 25;

/** The tickets index: the open-ticket priority bar, open or all tickets newest first, 25 a page. */
export default function TicketsListPage() {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const [scope, setScope] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(0);
  const counts = usePriorityCounts(accountId, 'count-by-open-ticket-priority');
  const list = useTickets(
    accountId,
    { selector: scope === 'open' ? { status: { $in: OPEN_STATUSES } } : {}, sort: [{ number: 'desc' }], limit: PAGE_SIZE, skip: page * PAGE_SIZE },
    'index',
  );
  return (
    <Stack>
      <PageHeader
        title={t('entities.tickets.many')}
        actions={
          <>
            <Button component={Link} to={accountPath(accountId, 'ticket-board')} size="xs" variant="default">
              {t('nav.ticket-board')}
            </Button>
            <Button component={Link} to={accountPath(accountId, 'tickets', 'new')} size="xs">
              {t('common.new')}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <PriorityBar counts={counts.data} label={t('tickets.open_by_priority')} />
      </Paper>
      <SegmentedControl
        className="no-print"
        value={scope}
        onChange={(v) => (setScope(v as 'open' | 'all'), setPage(0))}
        data={[
          { value: 'open', label: t('tickets.scope_open') },
          { value: 'all', label: t('tickets.scope_all') },
        ]}
        w="fit-content"
      />
      <ErrorBanner error={counts.error} />
      <TicketList query={list} accountId={accountId} />
      <Pager page={page} pageSize={PAGE_SIZE} count={list.data?.length ?? 0} onPage={setPage} />
    </Stack>
  );
}

/** My tickets: the ones whose technician is the signed-in user, open first. */
export function MyTicketsPage() {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const session = useSession();
  const me = session.data?.userCtx.name ?? '';
  const [page, setPage] = useState(0);
  const list = useTickets(accountId, { selector: { technical_id: me }, sort: [{ number: 'desc' }], limit: PAGE_SIZE, skip: page * PAGE_SIZE }, `mine-${me}`, !!me);
  return (
    <Stack>
      <PageHeader title={t('nav.my-tickets')} />
      <TicketList query={list} pending={!me} accountId={accountId} />
      <Pager page={page} pageSize={PAGE_SIZE} count={list.data?.length ?? 0} onPage={setPage} />
    </Stack>
  );
}
