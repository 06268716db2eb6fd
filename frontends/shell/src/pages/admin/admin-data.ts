import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingDoc, DISK_DESIGN, DISK_VIEWS, DiskUsage, SecurityReply } from '@app/proto';
import { settingsKey, settingsQuery } from '@app/ui';
import { api, sessionQuery } from '../../app/api';
import { isDeployed, useDeployedModules } from '../../modules/deployed-modules';

// The admin page's data: who administers the group (its security document), its settings (AccountConfiguration
// documents, one per key) and its record counters.

/** The caller administers the group when their user id is in the security document's admins.roles. */
export function isAdminOf(security: SecurityReply | undefined, userId: string | null | undefined): boolean {
  return !!userId && !!security?.admins?.roles?.includes(userId);
}

export function useIsAdmin(accountId: string): { isAdmin: boolean; isPending: boolean } {
  const session = useQuery(sessionQuery);
  const security = useQuery({
    queryKey: ['security', accountId],
    queryFn: () => api.call('GET /{db}/_security', { params: { db: accountId } }),
    staleTime: 60_000,
  });
  return { isAdmin: isAdminOf(security.data, session.data?.userCtx.name), isPending: security.isPending || session.isPending };
}

export { settingsKey } from '@app/ui';

export function useSettings(accountId: string) {
  return useQuery(settingsQuery(api, accountId));
}

/** Writes one setting: a PUT of its value when the document exists, else a POST creating it. */
export function useSaveSetting(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: string; value: unknown }) => {
      const existing = queryClient.getQueryData<Record<string, AccountSettingDoc>>(settingsKey(accountId))?.[key];
      if (existing) return api.call('PUT /{db}/{id}', { params: { db: accountId, id: existing._id }, query: { rev: existing._rev }, body: { value } });
      return api.call('POST /{db}', { params: { db: accountId }, body: { klass: 'AccountConfiguration', key, value } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(accountId) }),
  });
}

/**
 * The group's record counters (count-by-klass, spec §3 Counter: kind, amount, size) per klass: the counted klasses
 * (usage, billing, the Free-plan limit), or the klasses named in `klasses` whether counted or not (the admin tiles:
 * the reader's items, subscriptions and labels are not records of the limit, yet their tiles count them).
 */
export function useCounts(accountId: string, klasses?: readonly string[]) {
  return useQuery({
    queryKey: ['count-by-klass', accountId, ...(klasses ? [[...klasses].sort().join(',')] : [])],
    enabled: !klasses || klasses.length > 0,
    queryFn: async () => {
      const rows = await api.view(accountId, 'count-by-klass', { group_level: 1, ...(klasses ? { keys: JSON.stringify(klasses) } : {}) });
      const counts: Record<string, { count: number; size: number }> = {};
      for (const r of rows) if (r.key !== null) counts[r.key] = { count: r.value.amount, size: r.value.size };
      return counts;
    },
  });
}

// proto's disk design and usage view, written out: a value imported from proto's disk module would bundle zod
const DISK = 'disk' satisfies typeof DISK_DESIGN;
const DISK_USAGE = 'usage' satisfies (typeof DISK_VIEWS)['usage'];

/** Named like a counter ('count-…', @app/ui isCountersQuery) so that the disk remote's uploads refresh it. */
export const diskUsageKey = (accountId: string) => ['count-disk-usage', accountId] as const;

/**
 * The group's disk use (GET /{id}/_design/disk/_view/usage: bytes of every kept version, the trash included, the
 * plan's drive storage, files and folders). Asked only when the disk module is deployed (the gateway answers 503
 * otherwise), so its data is absent — and the disk's figures hidden — while that is unknown or when it is not.
 */
export function useDiskUsage(accountId: string) {
  const deployed = isDeployed('disk', useDeployedModules());
  return useQuery({
    queryKey: diskUsageKey(accountId),
    enabled: deployed && !!accountId,
    queryFn: async (): Promise<DiskUsage | null> => {
      const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: DISK, view: DISK_USAGE } });
      return (rows[0]?.value as DiskUsage | undefined) ?? null;
    },
  });
}

/** A phone or address list setting: JSON text (an array is accepted too); anything else reads as empty. */
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

export const newId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

export const subGroupsKey = (accountId: string) => ['sub-groups', accountId] as const;

/** The account's sub groups (GET /accounts/{id}/groups); empty for an account that has none. */
export function useSubGroups(accountId: string) {
  return useQuery({
    queryKey: subGroupsKey(accountId),
    queryFn: async () => (await api.call('GET /accounts/{account_id}/groups', { params: { account_id: accountId } })).docs,
    enabled: !!accountId,
    retry: false,
  });
}
