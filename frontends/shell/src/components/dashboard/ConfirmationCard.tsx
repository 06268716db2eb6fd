import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmationDaysLeft, isLastDay } from '../../rules/confirmation';

export interface ConfirmationCardProps {
  /** the session's user.confirmed; the card shows only when it is false */
  confirmed: boolean | undefined;
  /** the user's confirmation_sent_at (GET /_users/{id}) */
  sentAt: string | null | undefined;
  now?: Date;
}

/** The account-confirmation card of the dashboard (spec §2): days left before access is lost, singular under 2 days. */
export function ConfirmationCard({ confirmed, sentAt, now }: ConfirmationCardProps) {
  const { t } = useTranslation();
  if (confirmed !== false) return null;
  const days = confirmationDaysLeft(sentAt, now);
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-yellow-light)" data-testid="confirmation-card">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('dashboard.confirmation.title')}
        </Title>
        <Text size="sm" data-testid="confirmation-days">
          {isLastDay(days) ? t('dashboard.confirmation.last_day', { count: days }) : t('dashboard.confirmation.days_left', { count: days })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.confirmation.hint')}
        </Text>
        <Anchor component={Link} to="/user/confirm/new" size="sm">
          {t('dashboard.confirmation.resend')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
