import type { TicketDoc } from '@app/proto';
import { Paper } from '@mantine/core';
import { usePhone } from '@app/ui';
import { TicketCards } from './TicketCards';
import { TicketTable } from './TicketTable';
import { QueryList, type ListQuery } from '@app/module-kit';

/**
 * A page of tickets from its query (the index, my tickets, the search): a table in a frame, or on a phone a column of
 * cards (a six-column table cuts words there); a failed query shows only its error card.
 */
export function TicketList({ query, pending, accountId }: { query: ListQuery<TicketDoc>; pending?: boolean; accountId: string }) {
  const phone = usePhone();
  const list = (
    <QueryList query={query} pending={pending}>
      {(tickets) => (phone ? <TicketCards tickets={tickets} accountId={accountId} /> : <TicketTable tickets={tickets} accountId={accountId} />)}
    </QueryList>
  );
  if (phone || query.error) return list;
  return (
    <Paper withBorder radius="md" p="xs">
      {list}
    </Paper>
  );
}
