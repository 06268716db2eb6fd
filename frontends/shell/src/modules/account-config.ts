import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';
import { settingsKey, type SettingDoc } from '../pages/admin/admin-data';

/** The account's configuration documents by key; shares the admin page's cache entry (settingsKey). */
export function useAccountConfig(accountId: string | undefined) {
  return useQuery({
    queryKey: settingsKey(accountId ?? ''),
    queryFn: async () => {
      const { docs } = await api.post<{ docs: SettingDoc[] }>(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration' }, limit: 1000 });
      const byKey: Record<string, SettingDoc> = {};
      for (const d of docs) byKey[d.key] = d;
      return byKey;
    },
    enabled: !!accountId,
    staleTime: 60_000,
  });
}

/** key → value of the configuration documents (undefined while unknown). */
export function configValues(config: Record<string, SettingDoc> | undefined): Record<string, unknown> | undefined {
  return config ? Object.fromEntries(Object.entries(config).map(([k, d]) => [k, d.value])) : undefined;
}
