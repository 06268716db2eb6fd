import { Burger, Button, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type MenuItem, useAccountMenuItems } from './menu-items';
import { OpenTicketBadge } from './OpenTicketBadge';

/**
 * The account's main menu for the active module (spec §2): on medium and wider screens its main items as buttons and
 * the secondary and admin items under Others; on small screens one burger menu with the main and secondary items and
 * an Admin section.
 */
export function AccountMenu({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  // deployed modules only; admin items for administrators only
  const items = useAccountMenuItems(accountId);
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const current = (item: MenuItem) => (item.key === 'dashboard' ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`));
  const badge = (item: MenuItem) => (item.badge === 'open-tickets' ? <OpenTicketBadge accountId={accountId} /> : undefined);
  const entries = (list: MenuItem[]) =>
    list.map((item) => (
      <Menu.Item key={item.key} component={Link} to={item.to} rightSection={badge(item)} data-nav={item.key} aria-current={current(item) ? 'page' : undefined}>
        {t(`nav.items.${item.key}`)}
      </Menu.Item>
    ));
  return (
    <>
      <Group gap={2} wrap="nowrap" visibleFrom="md" data-testid="account-menu-wide">
        {items.main.map((item) => (
          <Button
            key={item.key}
            component={Link}
            to={item.to}
            variant={current(item) ? 'light' : 'subtle'}
            size="compact-sm"
            rightSection={badge(item)}
            data-nav={item.key}
            aria-current={current(item) ? 'page' : undefined}
          >
            {t(`nav.items.${item.key}`)}
          </Button>
        ))}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm">
              {t('nav.others')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown data-testid="others-menu">
            {entries(items.secondary)}
            {items.secondary.length > 0 && items.admin.length > 0 && <Menu.Divider />}
            {items.admin.length > 0 && <Menu.Label>{t('nav.admin_menu')}</Menu.Label>}
            {entries(items.admin)}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Menu position="bottom-start" withinPortal onOpen={open} onClose={close} width={240}>
        <Menu.Target>
          <Burger opened={opened} size="sm" hiddenFrom="md" aria-label={t('nav.main_menu')} />
        </Menu.Target>
        <Menu.Dropdown data-testid="account-menu-small">
          {[items.main, items.secondary].map((list, i) => (
            <Fragment key={i}>{entries(list)}</Fragment>
          ))}
          {items.admin.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('nav.admin_menu')}</Menu.Label>
              {entries(items.admin)}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
