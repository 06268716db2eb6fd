import type { AccountSettingDoc } from '@app/proto';
import type { ApiClient } from './client';

// A group's settings (AccountConfiguration documents: features, receipt texts, phones, addresses, plan) by key. The
// shell's admin page, its menus and the module remotes read them through this one query, under one cache key, so a
// feature switched on the admin page shows everywhere at once.

export const settingsKey = (accountId: string) => ['settings', accountId] as const;

/** TanStack Query options (key and fetcher) of the group's settings by key. */
export function settingsQuery(api: ApiClient, accountId: string) {
  return {
    queryKey: settingsKey(accountId),
    queryFn: async (): Promise<Record<string, AccountSettingDoc>> => {
      const docs = await api.find(accountId, { selector: { klass: 'AccountConfiguration' }, limit: 1000 });
      const byKey: Record<string, AccountSettingDoc> = {};
      for (const d of docs) byKey[d.key] = d;
      return byKey;
    },
  };
}
