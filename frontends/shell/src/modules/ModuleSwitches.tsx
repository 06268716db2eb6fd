import { Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsAdmin, useSaveSetting } from '../pages/admin/admin-data';
import { configValues, useAccountConfig } from './account-config';
import { MODULE_FLAGS, switchedOffModules, switcherModules, type ModuleName } from './active-module';
import { useDeployedModules } from './deployed-modules';
import { storeModule, useActiveModule } from './module-store';

/**
 * The user menu's module switches: the deployed modules enabled for the current account or suggested by the host
 * name. An administrator also finds there the deployed modules that are switched off, each with "switch on": one
 * press turns its flag on (as the admin page's features card would) and opens the module.
 */
export function ModuleSwitches({ accountId }: { accountId: string | undefined }) {
  const { t } = useTranslation();
  const active = useActiveModule();
  const config = useAccountConfig(accountId);
  const deployed = useDeployedModules();
  const host = typeof location === 'undefined' ? '' : location.hostname;
  const values = configValues(config.data);
  const modules = switcherModules(values, host, deployed);
  return (
    <>
      <Menu.Label>{t('public.modules.switch')}</Menu.Label>
      {modules.map((name) => (
        <Menu.Item key={name} data-module={name} onClick={() => storeModule(name)} fw={active === name ? 700 : undefined} aria-current={active === name ? 'true' : undefined}>
          {t(`public.modules.names.${name}`)}
        </Menu.Item>
      ))}
      {accountId && <SwitchedOff accountId={accountId} modules={switchedOffModules(values, host, deployed)} />}
    </>
  );
}

/** An administrator's switched-off modules, each switched on (and opened) with one press. */
function SwitchedOff({ accountId, modules }: { accountId: string; modules: Exclude<ModuleName, 'ticket'>[] }) {
  const { t } = useTranslation();
  const { isAdmin } = useIsAdmin(accountId);
  const save = useSaveSetting(accountId);
  const navigate = useNavigate();
  if (!isAdmin || !modules.length) return null;
  const switchOn = async (name: Exclude<ModuleName, 'ticket'>) => {
    await save.mutateAsync({ key: MODULE_FLAGS[name], value: true });
    storeModule(name);
    void navigate(`/account/${accountId}`);
  };
  return (
    <>
      <Menu.Label>{t('modules.switched_off')}</Menu.Label>
      {modules.map((name) => (
        <Menu.Item
          key={name}
          data-module-off={name}
          closeMenuOnClick={false}
          disabled={save.isPending}
          onClick={() => void switchOn(name).catch(() => undefined)}
          rightSection={
            <Text size="xs" c="blue">
              {t('modules.switch_on')}
            </Text>
          }
        >
          {t(`public.modules.names.${name}`)}
        </Menu.Item>
      ))}
      {save.isError && (
        <Text size="xs" c="red" px="sm" role="alert">
          {t('modules.switch_on_failed')}
        </Text>
      )}
    </>
  );
}
