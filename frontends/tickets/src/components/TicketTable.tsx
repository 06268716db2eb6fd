import type { TicketDoc } from '@app/proto';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../lib/format';
import { accountPath } from '../routing';
import { PriorityBadge, StatusBadge } from './TicketBadges';

/** Tickets as rows: number and title (link), status, priority, customer, equipment, last update. */
export function TicketTable({ tickets, accountId }: { tickets: TicketDoc[]; accountId: string }) {
  const { t, i18n } = useTranslation('tickets');
  if (!tickets.length)
    return (
      <Text c="dimmed" data-testid="empty-list">
        {t('common.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover data-testid="tickets-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.title')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('fields.priority')}</Table.Th>
            <Table.Th>{t('fields.customer_id')}</Table.Th>
            <Table.Th>{t('fields.equipment_id')}</Table.Th>
            <Table.Th>{t('fields.updated_at')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket._id} data-testid="ticket-row">
              <Table.Td>
                <Anchor component={Link} to={accountPath(accountId, 'tickets', ticket._id)}>
                  #{ticket.number} {ticket.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={ticket.priority} />
              </Table.Td>
              <Table.Td>{ticket.customer_name ?? ''}</Table.Td>
              <Table.Td>{ticket.equipment_identifier ?? ''}</Table.Td>
              <Table.Td>{formatDate(ticket.updated_at, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
