import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';
import type { AccountSettingDoc } from '@app/proto';
import { settingsQuery } from '@app/ui';

/** The account's configuration documents by key; shares the admin page's cache entry (settingsKey). */
export function useAccountConfig(accountId: string | undefined) {
  return useQuery({
    ...settingsQuery(api, accountId ?? ''),
    enabled: !!accountId,
    staleTime: 60_000,
  });
}

/** key → value of the configuration documents (undefined while unknown). */
export function configValues(config: Record<string, AccountSettingDoc> | undefined): Record<string, unknown> | undefined {
  return config ? Object.fromEntries(Object.entries(config).map(([k, d]) => [k, d.value])) : undefined;
}
