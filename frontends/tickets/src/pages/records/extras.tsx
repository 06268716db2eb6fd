import type { Doc, EstimateAnswer } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TicketTable } from '../../components/TicketTable';
import { useFeatures } from '../../hooks/account';
import { docs } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { newTicketFromMaintenance } from '../maintenance/MaintenanceAreaPage';
import { receiptPdfUrl } from '../receipts/ReceiptPage';
import { contractTitle } from '../../lib/record-titles';
import { QueryList } from '@app/module-kit';

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
  const { t, i18n } = useTranslation('tickets');
  const contractWords = { language: i18n.language, noun: t('entities.contracts.one') };
  const q = `customer_id=${encodeURIComponent(doc._id)}`;
  return (
    <>
      <LinkedList title={t('entities.equipment.many')} klass="Equipment" field="customer_id" id={doc._id} segment="equipment" label={(d) => String(d.identifier ?? d._id)} newQuery={q} />
      <LinkedList title={t('entities.contracts.many')} klass="Contract" field="customer_id" id={doc._id} segment="contracts" label={(d) => contractTitle(d, contractWords)} newQuery={q} />
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

/**
 * The customer's answer to an estimate on the ticket's status page (issue 31): approved or declined, when, the note,
 * which link and from which address; the answers an edit of the estimate set aside below it.
 */
export function EstimateExtra({ doc }: { doc: Doc }) {
  const { t, i18n } = useTranslation('tickets');
  const current = (doc.customer_answer ?? null) as EstimateAnswer | null;
  const past = (Array.isArray(doc.past_answers) ? doc.past_answers : []) as EstimateAnswer[];
  if (!doc.ticket_id && !current && past.length === 0) return null;
  const rows = (answers: EstimateAnswer[]) =>
    answers.map((a, i) => (
      <Table.Tr key={i}>
        <Table.Td>
          <Badge color={a.decision === 'approved' ? 'green' : 'red'} variant="light">
            {t(`customer_answer.${a.decision}`)}
          </Badge>
        </Table.Td>
        <Table.Td>{formatDateTime(a.at, i18n.language)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.note ?? '—'}</Table.Td>
        <Table.Td>{t('customer_answer.via_link', { link: a.link })}</Table.Td>
        <Table.Td>{a.ip ?? '—'}</Table.Td>
      </Table.Tr>
    ));
  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th />
        <Table.Th>{t('customer_answer.at')}</Table.Th>
        <Table.Th>{t('customer_answer.note')}</Table.Th>
        <Table.Th>{t('customer_answer.via')}</Table.Th>
        <Table.Th>{t('customer_answer.ip')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  return (
    <Section title={t('customer_answer.title')}>
      <Stack gap="xs" data-testid="customer-answer">
        {current ? (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              {head}
              <Table.Tbody>{rows([current])}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('customer_answer.pending')}
          </Text>
        )}
        {past.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('customer_answer.past')}
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table>
                {head}
                <Table.Tbody>{rows(past)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Section>
  );
}
