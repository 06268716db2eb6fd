import type { ApiClient } from './client';

// A group's settings (AccountConfiguration documents: features, receipt texts, phones, addresses, plan) by key. The
// shell's admin page, its menus and the module remotes read them through this one query, under one cache key, so a
// feature switched on the admin page shows everywhere at once.

export interface SettingDoc {
  _id: string;
  _rev: string;
  klass: 'AccountConfiguration';
  key: string;
  value: unknown;
}

export const settingsKey = (accountId: string) => ['settings', accountId] as const;

/** TanStack Query options (key and fetcher) of the group's settings by key. */
export function settingsQuery(api: ApiClient, accountId: string) {
  return {
    queryKey: settingsKey(accountId),
    queryFn: async (): Promise<Record<string, SettingDoc>> => {
      const { docs } = await api.post<{ docs: SettingDoc[] }>(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration' }, limit: 1000 });
      const byKey: Record<string, SettingDoc> = {};
      for (const d of docs) byKey[d.key] = d;
      return byKey;
    },
  };
}
