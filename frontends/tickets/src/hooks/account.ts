import { useQuery } from '@tanstack/react-query';
import type { AccountSettingDoc, Address, Phone, SubscriptionDoc } from '@app/proto';
import { settingsQuery } from '@app/ui';
import { api, docs } from '../lib/api';
import type { ContractReceiptSetting } from '../lib/tickets';

// What the tickets screens read of the account: its settings (feature flags, receipt texts, phones and addresses), its
// members (technicians and reviewers) and the signed-in user.

export { settingsKey } from '@app/ui';

/** The same query (key and shape) as the shell's admin page, so a feature switched there shows here at once. */
export function useSettings(accountId: string) {
  return useQuery({
    ...settingsQuery(api, accountId),
    staleTime: 30_000,
  });
}

export interface Features {
  checklist: boolean;
  maintenance: boolean;
  projectManagement: boolean;
  contractReceipt: ContractReceiptSetting;
  receiptConfiguration: string;
  estimateObservation: string;
  phones: Phone[];
  addresses: Address[];
}

const on = (v: unknown) => v === true || v === 'true';
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A phones or addresses setting: JSON text (or an array); anything else reads as empty. */
export function parseList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string' || !value.trim()) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

/** The account's flags with their defaults (spec §3: checklist, maintenance, project-management off; on-demand). */
export function toFeatures(byKey: Record<string, AccountSettingDoc> | undefined): Features {
  const v = (key: string) => byKey?.[key]?.value;
  const main = <T extends { main?: boolean | null }>(list: T[]) => [...list].sort((a, b) => Number(!!b.main) - Number(!!a.main));
  return {
    checklist: on(v('checklist')),
    maintenance: on(v('maintenance')),
    projectManagement: on(v('project-management')),
    contractReceipt: v('contract-receipt') === 'always' ? 'always' : 'on-demand',
    receiptConfiguration: text(v('receipt-configuration')),
    estimateObservation: text(v('estimate-observation')),
    phones: main(parseList<Phone>(v('phones'))),
    addresses: main(parseList<Address>(v('addresses'))),
  };
}

export function useFeatures(accountId: string): Features & { isPending: boolean } {
  const settings = useSettings(accountId);
  return { ...toFeatures(settings.data), isPending: settings.isPending };
}

export interface Member {
  user_id: string;
  label: string;
}

/**
 * How a member is named in pickers: the full name, else the address (only administrators receive addresses), else the
 * label the server gives (for others, a masked address such as b…@example.com).
 */
export function memberLabel(s: Pick<SubscriptionDoc, '_id' | 'user_id'> & { email?: string; user?: Partial<NonNullable<SubscriptionDoc['user']>> }): string {
  return s.user?.fullname || s.user?.email || s.email || s.user?.label || s.user_id || s._id;
}

/** Accepted members with a user: the technicians and reviewers a ticket can name. */
export function useMembers(accountId: string) {
  return useQuery({
    queryKey: ['tickets', 'members', accountId],
    queryFn: async (): Promise<Member[]> => {
      const subs = await docs.find(accountId, { selector: { klass: 'Subscription' }, limit: 1000 });
      return subs
        .flatMap((s) => (s.status === 'accepted' && s.user_id ? [{ user_id: s.user_id, label: memberLabel(s) }] : []));
    },
    staleTime: 60_000,
  });
}

/** The signed-in user (the shell's session query: same key, same call). */
export function useSession() {
  return useQuery({ queryKey: ['session'], queryFn: () => api.call('GET /_session'), staleTime: 60_000 });
}

export function useAccountName(accountId: string) {
  return useQuery({
    queryKey: ['account', accountId],
    queryFn: () => api.call('GET /accounts/{account_id}', { params: { account_id: accountId } }),
    staleTime: 60_000,
  });
}

/** Whether the signed-in user administers the group (its security document lists administrators by user id). */
export function useIsAdmin(accountId: string): { isAdmin: boolean; isPending: boolean } {
  const session = useSession();
  const security = useQuery({
    queryKey: ['tickets', 'security', accountId],
    queryFn: () => api.call('GET /{db}/_security', { params: { db: accountId } }),
    staleTime: 60_000,
  });
  const me = session.data?.userCtx.name;
  return { isAdmin: !!me && !!security.data?.admins.roles.includes(me), isPending: session.isPending || security.isPending };
}
