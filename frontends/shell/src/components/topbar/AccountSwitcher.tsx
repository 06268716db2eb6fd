import { Button, Group, Menu, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionMembership } from '@app/proto';
import { accountPlan, PlanIcon } from '@app/ui';
import { accountQuery } from '../../app/api';
import { switcherMemberships } from './switcher';

/** The account switcher: the user's other accepted groups, each with its plan icon and its name (or id). */
export function AccountSwitcher({ memberships, currentAccountId }: { memberships: SessionMembership[] | undefined; currentAccountId?: string }) {
  const { t } = useTranslation();
  const listed = switcherMemberships(memberships, currentAccountId);
  const accounts = useQueries({ queries: listed.map((m) => ({ ...accountQuery(m.account_id), retry: false })) });
  return (
    <Menu position="bottom-start" width={260} withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={t('switcher.label')}>
          <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
            <path d="M7 10l5-5 5 5M7 14l5 5 5-5" />
          </svg>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('switcher.label')}</Menu.Label>
        {listed.length === 0 && <Menu.Item disabled>{t('switcher.none')}</Menu.Item>}
        {listed.map((m, i) => (
          <Menu.Item key={m.account_id} component={Link} to={`/account/${m.account_id}`} data-testid="switcher-item">
            <Group gap="xs" wrap="nowrap">
              <PlanIcon plan={accountPlan(accounts[i]?.data)} size={20} />
              {/* spec §9: a long name is cut at 10em; the whole name shows on hover */}
              <Text size="sm" truncate="end" maw="10em" title={m.account_name || m.account_id} data-testid="switcher-name">
                {m.account_name || m.account_id}
              </Text>
            </Group>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/account/new">
          {t('switcher.new_group')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
