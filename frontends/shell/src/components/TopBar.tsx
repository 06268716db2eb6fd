import { Anchor, Button, Group, Menu, Text, useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES, PHONE_BREAKPOINT } from '@app/ui';
import { api, type Session } from '../app/api';
import { useRouteMatches } from '../app/route-matches';
import { useChangeLanguage } from '../session/locale';
import { AccountMenu } from './topbar/AccountMenu';
import { AccountSwitcher } from './topbar/AccountSwitcher';
import { NotesSearchBox } from './topbar/NotesSearchBox';
import { ModuleSwitches } from '../modules/ModuleSwitches';
import { useActiveModule } from '../modules/module-store';

/** The top bar: the product name (home; not on phones, where the switcher, the menu and the user button need the
 * room), the account switcher, the account's menu (with an account_id in the route; in the notes module with its
 * search box) and the user menu (profile, module switches, language, theme, logout). */
export function TopBar({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const module = useActiveModule();
  const userId = session.userCtx.name!;
  const accountId = useRouteMatches()
    .map((m) => m.params.account_id)
    .find(Boolean);

  const changeLanguage = useChangeLanguage(userId);
  const logout = async () => {
    await api.call('DELETE /_session').catch(() => undefined);
    queryClient.clear();
    navigate('/user/login');
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/app" underline="never" fw={700} fz="lg" visibleFrom={PHONE_BREAKPOINT} data-testid="brand">
          {t('app.name')}
        </Anchor>
        <AccountSwitcher memberships={session.memberships} currentAccountId={accountId} />
        {accountId && <AccountMenu accountId={accountId} />}
        {accountId && module === 'notes' && <NotesSearchBox accountId={accountId} />}
      </Group>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <Button variant="subtle" aria-label={t('topbar.user_menu')} maw={{ base: 160, sm: 260 }}>
            <Text truncate="end" size="sm">
              {session.user?.label ?? session.user?.email ?? userId}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/user/profile">
            {t('menu.profile')}
          </Menu.Item>
          {accountId && (
            <Menu.Item component={Link} to={`/account/${accountId}/settings`} data-testid="menu-settings">
              {t('settings.title')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <ModuleSwitches accountId={accountId} />
          <Menu.Divider />
          <Menu.Label>{t('topbar.language')}</Menu.Label>
          {LANGUAGES.map((language) => (
            <Menu.Item key={language} onClick={() => changeLanguage(language)} fw={i18n.language === language ? 700 : undefined}>
              {t(`languages.${language}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>{t('topbar.theme')}</Menu.Label>
          {(['light', 'dark'] as const).map((scheme) => (
            <Menu.Item key={scheme} onClick={() => setColorScheme(scheme)} fw={colorScheme === scheme ? 700 : undefined}>
              {t(`topbar.theme_${scheme}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void logout()}>
            {t('topbar.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
