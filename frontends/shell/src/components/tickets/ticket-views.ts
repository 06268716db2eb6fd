import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { priorityCounts } from '@app/ui';
import { OPEN_TICKET_RELOAD_MS, viewTotal } from '../../rules/ticket-counter';

// The tickets service's counting views the shell reads (spec §7). While the service is not deployed they answer 503:
// the callers then show nothing (no badge, no bar) rather than an error.

export type PriorityView = 'count-by-open-ticket-priority' | 'count-by-ticket-priority';

const view = (accountId: string, design: PriorityView, groupLevel: 0 | 1) => api.view(accountId, design, { group_level: groupLevel });

/** The open-ticket count of the top bar's badge, reloaded every 3 minutes. */
export function useOpenTicketCount(accountId: string, enabled = true) {
  return useQuery({
    queryKey: ['open-ticket-count', accountId],
    queryFn: async () => viewTotal(await view(accountId, 'count-by-open-ticket-priority', 0)),
    enabled: enabled && !!accountId,
    refetchInterval: OPEN_TICKET_RELOAD_MS,
    retry: false,
  });
}

/** Ticket counts by priority (group_level 1): open tickets or all of them. */
export function usePriorityCounts(accountId: string, design: PriorityView, enabled = true) {
  return useQuery({
    queryKey: [design, accountId],
    queryFn: async () => priorityCounts(await view(accountId, design, 1)),
    enabled: enabled && !!accountId,
    retry: false,
  });
}
