import type { EstimateDoc, TicketDoc } from '@app/proto';
import { Anchor, Badge, Button, Checkbox, SimpleGrid, Group, Menu, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PriorityBadge, StatusBadge } from '../../components/TicketBadges';
import { useFeatures, useMembers } from '../../hooks/account';
import { useInvalidate } from '../../hooks/invalidate';
import { useRefLabels } from '../../hooks/refs';
import { docs } from '../../lib/api';
import { serverFieldErrors } from '../../lib/field-errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { contractReceiptVisible, STATUSES, ticketLabel } from '../../lib/tickets';
import { accountPath, useRoute } from '../../routing';
import { useShownDoc } from '../records/RecordShowPage';
import { CommentText } from './CommentText';
import { StatusLinkPanel } from './StatusLinkPanel';
import { useChangeStatus, useToggleChecklist } from './ticket-data';
import { TEXTAREA_MAX_ROWS, TEXTAREA_ROWS } from '@app/ui';
import { DeleteDialog, ErrorBanner, PageHeader, QueryList } from '@app/module-kit';

/**
 * A ticket: details, status actions, the customer's status page (issue 31), checklist (feature), history (status
 * changes and the customer's answers), estimates, receipts and comments.
 */
export default function TicketShowPage() {
  const { t, i18n } = useTranslation('tickets');
  const { accountId, recordId = '' } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const features = useFeatures(accountId);
  const members = useMembers(accountId);
  const ticket = useShownDoc<'Ticket'>(accountId, recordId);
  const status = useChangeStatus(accountId);
  const toggle = useToggleChecklist(accountId);
  const customers = useRefLabels(accountId, 'Customer');
  const equipment = useRefLabels(accountId, 'Equipment');
  const categories = useRefLabels(accountId, 'Category');
  const contracts = useRefLabels(accountId, 'Contract');
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: (doc: TicketDoc) => docs.remove(accountId, doc._id, doc._rev),
    onSuccess: async () => {
      await invalidate();
      navigate(accountPath(accountId, 'tickets'));
    },
  });
  const back = { to: accountPath(accountId, 'tickets'), label: t('entities.tickets.many') };
  if (ticket.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!ticket.data)
    return (
      <Stack>
        <PageHeader title={t('entities.tickets.one')} back={back} />
        <ErrorBanner error={ticket.error} />
      </Stack>
    );
  const tk = ticket.data;
  const member = (id?: string | null) => (id ? members.data?.find((m) => m.user_id === id)?.label ?? id : undefined);
  const link = (segment: string, id: string | null | undefined, labels: Record<string, string>, fallback?: string | null) =>
    id ? (
      <Anchor component={Link} to={accountPath(accountId, segment, id)}>
        {labels[id] ?? fallback ?? id}
      </Anchor>
    ) : undefined;
  const details: Array<[string, React.ReactNode]> = [
    ['customer_id', link('customers', tk.customer_id, customers, tk.customer_name)],
    ['equipment_id', link('equipment', tk.equipment_id, equipment, tk.equipment_identifier)],
    ['equipment_observation', tk.equipment_observation],
    ['contract_id', link('contracts', tk.contract_id, contracts)],
    ['category_id', link('categories', tk.category_id, categories)],
    ['technical_id', member(tk.technical_id)],
    ...(features.projectManagement
      ? ([
          ['reviewer_id', member(tk.reviewer_id)],
          ['ticket_kind', tk.ticket_kind && t(`kind.${tk.ticket_kind}`)],
          ['estimation', tk.estimation],
        ] as Array<[string, React.ReactNode]>)
      : []),
    ['created_at', formatDateTime(tk.created_at, i18n.language)],
    ['updated_at', formatDateTime(tk.updated_at, i18n.language)],
  ];
  const checklist = tk.checklist ?? [];
  const history = historyRows(tk);
  return (
    <Stack>
      <PageHeader
        title={ticketLabel(tk)}
        back={back}
        badge={
          <Group gap={4}>
            <StatusBadge status={tk.status} />
            <PriorityBadge priority={tk.priority} />
          </Group>
        }
        actions={
          <>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" loading={status.isPending}>
                  {t('tickets.change_status')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {STATUSES.filter((s) => s !== (tk.status ?? 'open')).map((s) => (
                  <Menu.Item key={s} onClick={() => status.mutate({ id: tk._id, status: s })} data-testid={`status-action-${s}`}>
                    {t(`tickets.to_status.${s}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button component={Link} to={accountPath(accountId, 'receipts', 'service', tk._id)} size="xs" variant="default">
              {t('receipts.service')}
            </Button>
            {contractReceiptVisible(features.contractReceipt, tk) && (
              <Button component={Link} to={accountPath(accountId, 'receipts', 'contract', tk._id)} size="xs" variant="default" data-testid="contract-receipt-link">
                {t('receipts.contract')}
              </Button>
            )}
            <Button component={Link} to={accountPath(accountId, 'tickets', tk._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <DeleteDialog opened={deleting} name={ticketLabel(tk)} title={t('entities.tickets.delete_title')} onConfirm={() => remove.mutateAsync(tk)} onClose={() => setDeleting(false)} />
      <ErrorBanner error={status.error ?? toggle.error} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t('fields.content')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-content">
              {tk.content}
            </Text>
          </div>
          {tk.problem && (
            <div>
              <Text size="xs" c="dimmed">
                {t('fields.problem')}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{tk.problem}</Text>
            </div>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {details.map(([key, value]) => (
              <div key={key}>
                <Text size="xs" c="dimmed">
                  {t(`fields.${key}`)}
                </Text>
                <div data-testid={`field-${key}`}>{value || <Text c="dimmed">—</Text>}</div>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <StatusLinkPanel ticket={tk} />
      {features.checklist && checklist.length > 0 && (
        <Paper withBorder radius="md" p="md" data-testid="checklist">
          <Title order={3} size="h5" mb="xs">
            {t('tickets.checklist')} ({checklist.filter((c) => c.checked).length}/{checklist.length})
          </Title>
          <Stack gap={6}>
            {checklist.map((item, index) => (
              <Checkbox
                key={index}
                label={item.text}
                checked={item.checked}
                onChange={(e) => toggle.mutate({ id: tk._id, index, checked: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          {t('tickets.history')}
        </Title>
        <Table data-testid="status-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tickets.history_at')}</Table.Th>
              <Table.Th>{t('tickets.history_from')}</Table.Th>
              <Table.Th>{t('fields.status')}</Table.Th>
              <Table.Th>{t('tickets.history_by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((row, i) =>
              row.kind === 'status' ? (
                <Table.Tr key={i}>
                  <Table.Td>{formatDateTime(row.event.at, i18n.language)}</Table.Td>
                  <Table.Td>{row.event.from ? t(`status.${row.event.from}`) : '—'}</Table.Td>
                  <Table.Td>{t(`status.${row.event.status}`)}</Table.Td>
                  <Table.Td>{row.event.user_label ?? member(row.event.user_id ?? undefined) ?? ''}</Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={i} data-testid="customer-event">
                  <Table.Td>{formatDateTime(row.event.at, i18n.language)}</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>
                    {t(`tickets.customer_event.${row.event.kind}`, { number: row.event.estimate_number })}
                    {row.event.note ? `: “${row.event.note}”` : ''}
                  </Table.Td>
                  <Table.Td>{t('tickets.history_customer')}</Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <TicketEstimates ticket={tk} />
      <TicketComments ticket={tk} />
    </Stack>
  );
}

function TicketEstimates({ ticket }: { ticket: TicketDoc }) {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const estimates = useQuery({
    queryKey: ['tickets', 'ticket-estimates', accountId, ticket._id],
    queryFn: () => docs.find(accountId, { selector: { klass: 'Estimate', ticket_id: ticket._id }, sort: [{ number: 'desc' }], limit: 100 }),
  });
  const newLink = `${accountPath(accountId, 'estimates', 'new')}?ticket_id=${encodeURIComponent(ticket._id)}${ticket.customer_id ? `&customer_id=${encodeURIComponent(ticket.customer_id)}` : ''}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('entities.estimates.many')}
        </Title>
        <Button component={Link} to={newLink} size="compact-sm" variant="default" className="no-print">
          {t('entities.estimates.new')}
        </Button>
      </Group>
      <QueryList query={estimates} size="sm">
        {(rows) => (
          <Stack gap={4}>
            {rows.map((e) => (
              <Group key={e._id} justify="space-between">
                <Anchor component={Link} to={accountPath(accountId, 'estimates', e._id)}>
                  #{String(e.number ?? '?')} {String(e.description ?? '')}
                </Anchor>
                <Group gap="xs">
                  <AnswerBadge estimate={e} />
                  <Text size="sm">{formatMoney(e.total, i18n.language)}</Text>
                  <Anchor component={Link} to={accountPath(accountId, 'receipts', 'estimate', e._id)} size="sm">
                    {t('receipts.estimate')}
                  </Anchor>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryList>
    </Paper>
  );
}

type HistoryRow = { kind: 'status'; event: NonNullable<TicketDoc['status_events']>[number] } | { kind: 'customer'; event: NonNullable<TicketDoc['customer_events']>[number] };

/** The ticket's history: its status changes and its customer's answers on the status page, oldest first. */
export function historyRows(ticket: TicketDoc): HistoryRow[] {
  const rows: HistoryRow[] = [
    ...(ticket.status_events ?? []).map((event) => ({ kind: 'status' as const, event })),
    ...(ticket.customer_events ?? []).map((event) => ({ kind: 'customer' as const, event })),
  ];
  return rows.sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at));
}

/** The customer's answer to an estimate from the status page, when there is one. */
export function AnswerBadge({ estimate }: { estimate: Pick<EstimateDoc, 'customer_answer'> }) {
  const { t } = useTranslation('tickets');
  const answer = estimate.customer_answer;
  if (!answer) return null;
  return (
    <Badge color={answer.decision === 'approved' ? 'green' : 'red'} variant="light" data-testid="estimate-answer" title={answer.note ?? undefined}>
      {t(`customer_answer.${answer.decision}`)}
    </Badge>
  );
}

export const commentsKey = (accountId: string, ticketId: string) => ['tickets', 'comments', accountId, ticketId] as const;

function TicketComments({ ticket }: { ticket: TicketDoc }) {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const invalidate = useInvalidate();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const comments = useQuery({
    queryKey: commentsKey(accountId, ticket._id),
    queryFn: () => docs.find(accountId, { selector: { klass: 'Comment', ticket_id: ticket._id }, sort: [{ created_at: 'asc' }], limit: 1000 }),
  });
  const add = useMutation({
    mutationFn: (text: string) => docs.create(accountId, { klass: 'Comment', ticket_id: ticket._id, content: text }),
    onSuccess: async () => {
      setContent('');
      await invalidate();
    },
    onError: (err) => setError(serverFieldErrors(err).content),
  });
  const submit = () => {
    if (!content.trim()) return setError('validation.cant-be-blank');
    setError(undefined);
    add.mutate(content);
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="xs">
        {t('entities.comments.many')}
      </Title>
      <ErrorBanner error={comments.error} onRetry={() => void comments.refetch()} retrying={comments.isFetching} />
      <ErrorBanner error={error ? null : add.error} />
      <Stack gap="sm" data-testid="comments">
        {(comments.data ?? []).map((c) => (
          <Paper key={c._id} withBorder p="xs" radius="sm" data-testid="comment">
            <Group justify="space-between" gap="xs">
              <Text size="xs" fw={600}>
                {c.user?.label ?? ''}
              </Text>
              <Anchor component={Link} to={accountPath(accountId, 'comments', c._id)} size="xs" c="dimmed">
                {formatDateTime(c.date ?? c.created_at, i18n.language)}
              </Anchor>
            </Group>
            <CommentText text={c.content ?? ''} />
          </Paper>
        ))}
      </Stack>
      <Stack gap="xs" mt="sm" className="no-print">
        <Textarea
          label={t('tickets.new_comment')}
          name="comment"
          description={t('tickets.comment_hint')}
          autosize
          minRows={TEXTAREA_ROWS}
          maxRows={TEXTAREA_MAX_ROWS}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          error={error && t(error, { ns: ['tickets', 'translation'] })}
        />
        <Group justify="flex-end">
          <Button size="xs" onClick={submit} loading={add.isPending}>
            {t('tickets.add_comment')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
