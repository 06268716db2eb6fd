import type { StatusLinkReply } from '@app/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

// A ticket's status link for its customer (issue 31): read (the server makes it the first time), renew and revoke
// (administrators), mail it to the ticket's customer.

/** The browser's time zone: a link made now shows its dates there. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const statusLinkKey = (accountId: string, ticketId: string) => ['tickets', 'status-link', accountId, ticketId] as const;

export function readStatusLink(accountId: string, ticketId: string): Promise<StatusLinkReply> {
  return api.call('GET /{account_id}/tickets/{ticket_id}/status-link', { params: { account_id: accountId, ticket_id: ticketId }, query: { tz: browserTimeZone() } });
}

export function useStatusLink(accountId: string, ticketId: string) {
  return useQuery({ queryKey: statusLinkKey(accountId, ticketId), queryFn: () => readStatusLink(accountId, ticketId), staleTime: 30_000 });
}

export type StatusLinkChange = 'renew' | 'revoke' | 'mail';

function change(accountId: string, ticketId: string, action: StatusLinkChange): Promise<StatusLinkReply> {
  const params = { account_id: accountId, ticket_id: ticketId };
  if (action === 'renew') return api.call('POST /{account_id}/tickets/{ticket_id}/status-link/_renew', { params, query: { tz: browserTimeZone() } });
  if (action === 'revoke') return api.call('DELETE /{account_id}/tickets/{ticket_id}/status-link', { params });
  return api.call('POST /{account_id}/tickets/{ticket_id}/status-link/_mail', { params });
}

/**
 * Renew, revoke or mail: the answer is the link as it is now, shown at once. A read of the link already on its way
 * (the page's live updates read it again after each of the customer's answers) was answered before the change, so it
 * is cancelled first, and the link is read again once the change is stored: a late answer of that read put the revoked
 * link back on the page as active.
 */
export function useStatusLinkChange(accountId: string, ticketId: string) {
  const queryClient = useQueryClient();
  const key = statusLinkKey(accountId, ticketId);
  return useMutation({
    mutationFn: (action: StatusLinkChange) => change(accountId, ticketId, action),
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onSuccess: (reply) => queryClient.setQueryData(key, reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
