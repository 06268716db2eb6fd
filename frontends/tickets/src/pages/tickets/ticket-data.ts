import type { TicketDoc, TicketStatus } from '@app/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priorityCounts, type PriorityCounts } from '@app/ui';
import { docs } from '../../lib/api';
import { invalidateAfterWrite } from '../../hooks/invalidate';
import { shownDocKey } from '../records/RecordShowPage';

// Ticket calls of the tickets-module contract: finds, the status and checklist update handlers, the priority views.

export const OPEN_STATUSES: TicketStatus[] = ['open', 'block', 'doing', 'review'];

export interface TicketQuery {
  selector: Record<string, unknown>;
  sort?: Array<Record<string, 'asc' | 'desc'>>;
  limit: number;
  skip?: number;
}

export function useTickets(accountId: string, query: TicketQuery, key: string, enabled = true) {
  return useQuery({
    queryKey: ['tickets', 'tickets', accountId, key, query],
    queryFn: () => docs.find(accountId, { ...query, selector: { ...query.selector, klass: 'Ticket' } }),
    enabled,
  });
}

/** Changes a ticket's status through the status handler (any status to any other; no rev needed). */
export function changeStatus(accountId: string, ticketId: string, status: TicketStatus) {
  return docs.handler(accountId, 'ticket-status', status, ticketId);
}

export function useChangeStatus(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) => changeStatus(accountId, id, status),
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

/** Ticks or unticks one checklist item through the checklist handler. */
export function useToggleChecklist(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, index, checked }: { id: string; index: number; checked: boolean }) =>
      docs.handler(accountId, 'ticket-checklist', 'toggle', id, { index, checked }),
    // the box follows the click at once; the reload after the call shows the stored list
    onMutate: ({ id, index, checked }) => {
      queryClient.setQueryData<TicketDoc>(shownDocKey(accountId, id), (t) =>
        t?.checklist ? { ...t, checklist: t.checklist.map((item, i) => (i === index ? { ...item, checked } : item)) } : t,
      );
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export type { PriorityCounts } from '@app/ui';

/** Tickets per priority from a count view (group_level 1: one row per priority, zeros included). */
export function usePriorityCounts(accountId: string, design: 'count-by-open-ticket-priority' | 'count-by-ticket-priority') {
  return useQuery({
    queryKey: ['tickets', 'priority-counts', accountId, design],
    queryFn: async (): Promise<PriorityCounts> => {
      return priorityCounts(await docs.view(accountId, design, { group_level: 1 }));
    },
  });
}
