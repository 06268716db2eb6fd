import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { configValues, useAccountConfig } from './account-config';
import { switcherModules } from './active-module';
import { useDeployedModules } from './deployed-modules';
import { storeModule, useActiveModule } from './module-store';

/** The user menu's module switches: the deployed modules enabled for the current account or suggested by the host name. */
export function ModuleSwitches({ accountId }: { accountId: string | undefined }) {
  const { t } = useTranslation();
  const active = useActiveModule();
  const config = useAccountConfig(accountId);
  const deployed = useDeployedModules();
  const modules = switcherModules(configValues(config.data), typeof location === 'undefined' ? '' : location.hostname, deployed);
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
