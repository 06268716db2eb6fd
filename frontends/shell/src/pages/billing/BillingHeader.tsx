import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Breadcrumb (dashboard › admin › page) and title of the group's billing and usage pages. */
export function BillingHeader({ accountId, title, actions }: { accountId: string; title: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const base = `/account/${accountId}`;
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={base} size="sm">
          {t('billing.common.breadcrumb_dashboard')}
        </Anchor>
        <Anchor component={Link} to={`${base}/admin`} size="sm">
          {t('billing.common.breadcrumb_admin')}
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        {actions}
      </Group>
    </>
  );
}
