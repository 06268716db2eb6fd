import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { settingsKey, type SettingDoc } from '../pages/admin/admin-data';
import { switcherModules } from './active-module';
import { storeModule, useActiveModule } from './module-store';

/** The account's configuration values (key → value); shares the admin page's cache entry. */
function useAccountConfig(accountId: string | undefined) {
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

/** The user menu's module switches: the modules enabled for the current account or suggested by the host name. */
export function ModuleSwitches({ accountId }: { accountId: string | undefined }) {
  const { t } = useTranslation();
  const active = useActiveModule();
  const config = useAccountConfig(accountId);
  const values = config.data ? Object.fromEntries(Object.entries(config.data).map(([k, d]) => [k, d.value])) : undefined;
  const modules = switcherModules(values, typeof location === 'undefined' ? '' : location.hostname);
  return (
    <>
      <Menu.Label>{t('public.modules.switch')}</Menu.Label>
      {modules.map((name) => (
        <Menu.Item key={name} data-module={name} onClick={() => storeModule(name)} fw={active === name ? 700 : undefined} aria-current={active === name ? 'true' : undefined}>
          {t(`public.modules.names.${name}`)}
        </Menu.Item>
      ))}
    </>
  );
}
