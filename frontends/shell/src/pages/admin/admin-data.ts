import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKey, settingsQuery, type SettingDoc } from '@app/ui';
import { api, sessionQuery } from '../../app/api';

// The admin page's data: who administers the group (its security document), its settings (AccountConfiguration
// documents, one per key) and its record counters.

export interface SecurityDoc {
  admins?: { roles?: string[]; names?: string[] };
  members?: { roles?: string[]; names?: string[] };
}

/** The caller administers the group when their user id is in the security document's admins.roles. */
export function isAdminOf(security: SecurityDoc | undefined, userId: string | null | undefined): boolean {
  return !!userId && !!security?.admins?.roles?.includes(userId);
}

export function useIsAdmin(accountId: string): { isAdmin: boolean; isPending: boolean } {
  const session = useQuery(sessionQuery);
  const security = useQuery({
    queryKey: ['security', accountId],
    queryFn: () => api.get<SecurityDoc>(`/${accountId}/_security`),
    staleTime: 60_000,
  });
  return { isAdmin: isAdminOf(security.data, session.data?.userCtx.name), isPending: security.isPending || session.isPending };
}

export { settingsKey, type SettingDoc } from '@app/ui';

export function useSettings(accountId: string) {
  return useQuery(settingsQuery(api, accountId));
}

/** Writes one setting: a PUT of its value when the document exists, else a POST creating it. */
export function useSaveSetting(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: string; value: unknown }) => {
      const existing = queryClient.getQueryData<Record<string, SettingDoc>>(settingsKey(accountId))?.[key];
      if (existing) return api.put(`/${accountId}/${existing._id}`, { value }, { query: { rev: existing._rev } });
      return api.post(`/${accountId}`, { klass: 'AccountConfiguration', key, value });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(accountId) }),
  });
}

export interface CountRow {
  key: string | string[];
  value: { count: number; size: number } | number;
}

export function useCounts(accountId: string) {
  return useQuery({
    queryKey: ['count-by-klass', accountId],
    queryFn: async () => {
      const { rows } = await api.get<{ rows: CountRow[] }>(`/${accountId}/_design/count-by-klass/_view/all`, { query: { group_level: 1 } });
      const counts: Record<string, { count: number; size: number }> = {};
      for (const r of rows) {
        const klass = Array.isArray(r.key) ? String(r.key[0]) : String(r.key);
        counts[klass] = typeof r.value === 'number' ? { count: r.value, size: 0 } : r.value;
      }
      return counts;
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

export interface SubGroup {
  _id: string;
  name: string;
}

export const subGroupsKey = (accountId: string) => ['sub-groups', accountId] as const;

/** The account's sub groups (GET /accounts/{id}/groups); empty for an account that has none. */
export function useSubGroups(accountId: string) {
  return useQuery({
    queryKey: subGroupsKey(accountId),
    queryFn: async () => (await api.get<{ docs?: SubGroup[] }>(`/accounts/${accountId}/groups`)).docs ?? [],
    enabled: !!accountId,
    retry: false,
  });
}
