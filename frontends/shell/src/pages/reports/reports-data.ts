import { useQuery } from '@tanstack/react-query';
import type { REPORT_VIEWS, REPORTS_DESIGN, SubscriptionDoc, TicketReport } from '@app/proto';
import { api, sessionQuery } from '../../app/api';
import { useIsAdmin } from '../admin/admin-data';

// The reports page's data: the ticket report of a range (GET /{id}/_design/reports/_view/tickets), its CSV (the
// tickets-csv view's text, saved through the browser), and whether the signed-in user may read reports (the menu).

// proto's design and view names, written out: a value imported from proto would bundle zod
const DESIGN = 'reports' satisfies typeof REPORTS_DESIGN;
const TICKETS = 'tickets' satisfies (typeof REPORT_VIEWS)['tickets'];
const TICKETS_CSV = 'tickets-csv' satisfies (typeof REPORT_VIEWS)['ticketsCsv'];

export interface ReportRange {
  from: string;
  to: string;
  tz: string;
}

export const reportKey = (accountId: string, range: ReportRange) => ['reports', accountId, range.from, range.to, range.tz] as const;

export function useTicketReport(accountId: string, range: ReportRange, enabled = true) {
  return useQuery({
    queryKey: reportKey(accountId, range),
    enabled,
    queryFn: async ({ signal }): Promise<TicketReport> => {
      const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: DESIGN, view: TICKETS }, query: { ...range }, signal });
      return rows[0]?.value as TicketReport;
    },
    // a refused report (403) stays refused: no retry
    retry: false,
  });
}

/** Saves a text as a file through the browser's download. */
export function saveText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The report of the range as CSV (its text starts with the byte order mark the service puts), downloaded. */
export async function downloadReportCsv(accountId: string, range: ReportRange): Promise<string> {
  const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: DESIGN, view: TICKETS_CSV }, query: { ...range } });
  const text = String(rows.find((r) => r.key === 'csv')?.value ?? '');
  const name = String(rows.find((r) => r.key === 'filename')?.value ?? 'tickets-report.csv');
  saveText(text, name, 'text/csv;charset=utf-8');
  return name;
}

/**
 * Whether the signed-in user may read the group's reports (spec §6): an administrator, or a member whose membership
 * has report_view (their membership document, read once the session names it). Unknown while loading: false.
 */
export function useMayReadReports(accountId: string): boolean {
  const { isAdmin, isPending } = useIsAdmin(accountId);
  const session = useQuery(sessionQuery);
  const membership = session.data && 'memberships' in session.data ? session.data.memberships?.find((m) => m.account_id === accountId) : undefined;
  const subscriptionId = membership?.status === 'accepted' ? membership.subscription_id : undefined;
  const own = useQuery({
    queryKey: ['membership', accountId, subscriptionId],
    enabled: !isPending && !isAdmin && !!subscriptionId,
    queryFn: () => api.getDoc<'Subscription'>(accountId, subscriptionId!),
    staleTime: 60_000,
  });
  if (isPending) return false;
  return isAdmin || (own.data as SubscriptionDoc | undefined)?.report_view === true;
}
