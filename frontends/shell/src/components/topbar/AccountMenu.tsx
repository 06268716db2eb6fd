import { Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Item {
  key: string;
  to: string;
}

/** The account's main menu: the dashboard, then the secondary and admin items under Others (md and wider); on small
 * screens, one flat menu with every item. */
export function AccountMenu({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const base = `/account/${accountId}`;
  const main: Item[] = [{ key: 'dashboard', to: base }];
  const others: Item[] = [
    { key: 'members', to: `${base}/subscriptions` },
    { key: 'admin', to: `${base}/admin` },
  ];
  return (
    <>
      <Group gap={4} wrap="nowrap" visibleFrom="md" data-testid="account-menu-wide">
        {main.map((item) => (
          <Button key={item.key} component={Link} to={item.to} variant="subtle" size="compact-sm">
            {t(`menu.${item.key}`)}
          </Button>
        ))}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm">
              {t('menu.others')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {others.map((item) => (
              <Menu.Item key={item.key} component={Link} to={item.to}>
                {t(`menu.${item.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="compact-sm" hiddenFrom="md" aria-label={t('menu.main')}>
            ☰
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {[...main, ...others].map((item) => (
            <Menu.Item key={item.key} component={Link} to={item.to}>
              {t(`menu.${item.key}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
