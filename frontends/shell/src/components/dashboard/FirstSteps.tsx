import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A new group's recent changes: nothing but its creation yet, so the dashboard suggests the first steps of the ticket
 * module (a customer, then a ticket) instead of an empty list.
 */
export function FirstSteps({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const base = `/account/${encodeURIComponent(accountId)}`;
  return (
    <Stack gap="sm" data-testid="first-steps">
      <Text fw={600}>{t('dashboard.first_steps.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('dashboard.first_steps.detail')}
      </Text>
      <Group gap="sm">
        <Button component={Link} to={`${base}/customers/new`} variant="light">
          {t('dashboard.first_steps.customer')}
        </Button>
        <Button component={Link} to={`${base}/tickets/new`} variant="light">
          {t('dashboard.first_steps.ticket')}
        </Button>
      </Group>
    </Stack>
  );
}
