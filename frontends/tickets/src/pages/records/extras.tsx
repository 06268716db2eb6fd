import type { Doc } from '@app/proto';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryList } from '../../components/QueryList';
import { TicketTable } from '../../components/TicketTable';
import { useFeatures } from '../../hooks/account';
import { docs } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { newTicketFromMaintenance } from '../maintenance/MaintenanceAreaPage';
import { receiptPdfUrl } from '../receipts/ReceiptPage';

// What a record's detail page shows beyond its fields: the records linked to it and the actions it starts.

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function LinkedTickets({ field, id, newQuery }: { field: 'customer_id' | 'equipment_id'; id: string; newQuery: string }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const tickets = useQuery({
    queryKey: ['tickets', 'linked-tickets', accountId, field, id],
    queryFn: () => docs.find(accountId, { selector: { klass: 'Ticket', [field]: id }, sort: [{ number: 'desc' }], limit: 50 }),
  });
  return (
    <Section
      title={t('entities.tickets.many')}
      action={
        <Button component={Link} to={`${accountPath(accountId, 'tickets', 'new')}?${newQuery}`} size="compact-sm" variant="default">
          {t('entities.tickets.new')}
        </Button>
      }
    >
      <QueryList query={tickets} size="sm">
        {(rows) => <TicketTable tickets={rows} accountId={accountId} />}
      </QueryList>
    </Section>
  );
}

function LinkedList({ title, klass, field, id, segment, label, newQuery }: { title: string; klass: string; field: string; id: string; segment: string; label: (d: Doc) => string; newQuery?: string }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const list = useQuery({
    queryKey: ['tickets', 'linked', accountId, klass, field, id],
    queryFn: () => docs.findAny(accountId, { selector: { klass, [field]: id }, limit: 100 }),
  });
  return (
    <Section
      title={title}
      action={
        newQuery && (
          <Button component={Link} to={`${accountPath(accountId, segment, 'new')}?${newQuery}`} size="compact-sm" variant="default">
            {t('common.new')}
          </Button>
        )
      }
    >
      <QueryList query={list} size="sm">
        {(rows) => (
          <Stack gap={4}>
            {rows.map((d) => (
              <Anchor key={d._id} component={Link} to={accountPath(accountId, segment, d._id)}>
                {label(d)}
              </Anchor>
            ))}
          </Stack>
        )}
      </QueryList>
    </Section>
  );
}

export function CustomerExtra({ doc }: { doc: Doc }) {
  const { t } = useTranslation('tickets');
  const q = `customer_id=${encodeURIComponent(doc._id)}`;
  return (
    <>
      <LinkedList title={t('entities.equipment.many')} klass="Equipment" field="customer_id" id={doc._id} segment="equipment" label={(d) => String(d.identifier ?? d._id)} newQuery={q} />
      <LinkedList title={t('entities.contracts.many')} klass="Contract" field="customer_id" id={doc._id} segment="contracts" label={(d) => String(d.description || d._id)} newQuery={q} />
      <LinkedTickets field="customer_id" id={doc._id} newQuery={q} />
    </>
  );
}

export function EquipmentExtra({ doc }: { doc: Doc }) {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const { maintenance } = useFeatures(accountId);
  const q = new URLSearchParams({ equipment_id: doc._id, ...(doc.customer_id ? { customer_id: String(doc.customer_id) } : {}) }).toString();
  return (
    <>
      <LinkedTickets field="equipment_id" id={doc._id} newQuery={q} />
      {maintenance && (
        <LinkedList
          title={t('entities.maintenances.many')}
          klass="Maintenance"
          field="equipment_id"
          id={doc._id}
          segment="maintenances"
          label={(d) => `${formatDate(String(d.date ?? ''), i18n.language)} → ${formatDate(String(d.next_maintenance ?? ''), i18n.language)}`}
          newQuery={`equipment_id=${encodeURIComponent(doc._id)}`}
        />
      )}
    </>
  );
}

export function MaintenanceActions({ doc }: { doc: Doc }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  return (
    <Button component={Link} to={newTicketFromMaintenance(accountId, doc)} size="xs" variant="light">
      {t('maintenance.new_ticket')}
    </Button>
  );
}

export function EstimateActions({ doc }: { doc: Doc }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  return (
    <>
      <Button component={Link} to={accountPath(accountId, 'receipts', 'estimate', doc._id)} size="xs" variant="light">
        {t('receipts.estimate')}
      </Button>
      <Button component="a" href={receiptPdfUrl(accountId, 'estimate', doc._id)} size="xs" variant="default" download>
        {t('receipts.download_pdf')}
      </Button>
    </>
  );
}
