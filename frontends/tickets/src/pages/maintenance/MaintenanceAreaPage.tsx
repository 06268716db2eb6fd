import type { Doc } from '@app/proto';
import { Alert, Anchor, Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeatures } from '../../hooks/account';
import { useRefLabels } from '../../hooks/refs';
import { docs } from '../../lib/api';
import { formatDate, isoDay } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { QueryList, PageHeader } from '@app/module-kit';

export const DUE_DAYS = 30;

/** The link that opens a new ticket for a maintenance, with its equipment and category filled in. */
export function newTicketFromMaintenance(accountId: string, m: Doc): string {
  const q = new URLSearchParams();
  if (m.equipment_id) q.set('equipment_id', String(m.equipment_id));
  if (m.category_id) q.set('category_id', String(m.category_id));
  q.set('maintenance_id', m._id);
  return `${accountPath(accountId, 'tickets', 'new')}?${q}`;
}

/** The maintenance area: maintenances due in the next 30 days and overdue ones, with their warranty end dates. */
export default function MaintenanceAreaPage() {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const features = useFeatures(accountId);
  const today = isoDay();
  const until = isoDay(DUE_DAYS);
  const due = useQuery({
    queryKey: ['tickets', 'maintenance-due', accountId, until],
    queryFn: () => docs.find(accountId, { selector: { klass: 'Maintenance', next_maintenance: { $lte: until } }, sort: [{ next_maintenance: 'asc' }], limit: 1000 }),
    enabled: features.maintenance,
  });
  const equipment = useRefLabels(accountId, 'Equipment', features.maintenance);
  const categories = useRefLabels(accountId, 'Category', features.maintenance);
  if (features.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!features.maintenance)
    return (
      <Alert color="gray" data-testid="feature-off">
        {t('features.maintenance_off')}
      </Alert>
    );
  return (
    <Stack>
      <PageHeader
        title={t('nav.maintenance')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'maintenances', 'new')} size="xs">
            {t('entities.maintenances.new')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        {t('maintenance.intro', { days: DUE_DAYS })}
      </Text>
      <Paper withBorder radius="md" p="xs">
        <QueryList query={due} empty={t('maintenance.none')}>
          {(rows) => (
            <Table.ScrollContainer minWidth={600}>
              <Table striped data-testid="maintenance-due">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.next_maintenance')}</Table.Th>
                    <Table.Th>{t('fields.equipment_id')}</Table.Th>
                    <Table.Th>{t('fields.category_id')}</Table.Th>
                    <Table.Th>{t('fields.warranty_ends_at')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((m) => {
                    const next = String(m.next_maintenance ?? '');
                    const overdue = next < today;
                    const warranty = typeof m.warranty_ends_at === 'string' ? m.warranty_ends_at : '';
                    return (
                      <Table.Tr key={m._id} data-testid="maintenance-row">
                        <Table.Td>
                          <Anchor component={Link} to={accountPath(accountId, 'maintenances', m._id)}>
                            {formatDate(next, i18n.language)}
                          </Anchor>{' '}
                          <Badge color={overdue ? 'red' : 'yellow'} variant="light" size="sm">
                            {overdue ? t('maintenance.overdue') : t('maintenance.due')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{m.equipment_id ? equipment[String(m.equipment_id)] ?? String(m.equipment_id) : '—'}</Table.Td>
                        <Table.Td>{m.category_id ? categories[String(m.category_id)] ?? String(m.category_id) : '—'}</Table.Td>
                        <Table.Td>
                          {warranty ? (
                            <Text size="sm" c={warranty < today ? 'dimmed' : undefined}>
                              {formatDate(warranty, i18n.language)} {warranty < today ? `(${t('maintenance.warranty_over')})` : ''}
                            </Text>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button component={Link} to={newTicketFromMaintenance(accountId, m)} size="compact-xs" variant="light">
                            {t('maintenance.new_ticket')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryList>
      </Paper>
    </Stack>
  );
}
