import type { TicketDoc } from '@app/proto';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../lib/format';
import { accountPath } from '../routing';
import { PriorityBadge, StatusBadge } from './TicketBadges';

/**
 * Tickets as cards, the phone's form of TicketTable: number and title (link), status and priority in whole words,
 * customer, equipment and last update, each on its own line so nothing is cut at 390 px.
 */
export function TicketCards({ tickets, accountId }: { tickets: TicketDoc[]; accountId: string }) {
  const { t, i18n } = useTranslation('tickets');
  if (!tickets.length)
    return (
      <Text c="dimmed" data-testid="empty-list">
        {t('common.empty')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="ticket-cards">
      {tickets.map((ticket) => (
        <Paper key={ticket._id} withBorder radius="md" p="sm" data-testid="ticket-card">
          <Anchor component={Link} to={accountPath(accountId, 'tickets', ticket._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            #{ticket.number} {ticket.title}
          </Anchor>
          {/* badges keep their whole word: they wrap to a new line rather than shrink */}
          <Group gap="xs" mt={6} wrap="wrap">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
          </Group>
          {ticket.customer_name && (
            <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-card-customer">
              <Text span c="dimmed" size="sm">
                {t('fields.customer_id')}:
              </Text>{' '}
              {ticket.customer_name}
            </Text>
          )}
          {ticket.equipment_identifier && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="sm">
                {t('fields.equipment_id')}:
              </Text>{' '}
              {ticket.equipment_identifier}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {t('fields.updated_at')}: {formatDate(ticket.updated_at, i18n.language)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
