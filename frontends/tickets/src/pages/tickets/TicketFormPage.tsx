import type { TicketDoc } from '@app/proto';
import { Anchor, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RefSelect } from '../../components/RefSelect';
import { useFeatures, useMembers } from '../../hooks/account';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { KINDS, PRIORITIES, TITLE_MAX, titleFromContent, ticketLabel } from '../../lib/tickets';
import { accountPath, useRoute } from '../../routing';
import { useDoc } from '../records/RecordShowPage';
import { TEXTAREA_MAX_ROWS, TEXTAREA_ROWS } from '@app/ui';
import { ErrorBanner, PageHeader, FormActions } from '@app/module-kit';

export interface TicketValues {
  title: string;
  content: string;
  problem: string;
  priority: string;
  ticket_kind: string;
  estimation: string;
  category_id?: string;
  customer_id?: string;
  contract_id?: string;
  equipment_id?: string;
  equipment_observation: string;
  reviewer_id?: string;
  technical_id?: string;
  relate_equipment_to_customer: boolean;
}

const TEXTS = ['title', 'content', 'problem', 'estimation', 'equipment_observation'] as const;
const REFS = ['category_id', 'customer_id', 'contract_id', 'equipment_id', 'reviewer_id', 'technical_id'] as const;

export function ticketValues(ticket?: TicketDoc | null, prefill?: URLSearchParams): TicketValues {
  const s = (k: keyof TicketDoc) => (typeof ticket?.[k] === 'string' ? (ticket[k] as string) : '');
  const ref = (k: (typeof REFS)[number]) => (ticket ? ticket[k] : prefill?.get(k)) || undefined;
  return {
    title: s('title'),
    content: s('content'),
    problem: s('problem'),
    priority: ticket?.priority ?? prefill?.get('priority') ?? 'medium',
    ticket_kind: ticket?.ticket_kind ?? 'chore',
    estimation: s('estimation'),
    equipment_observation: s('equipment_observation'),
    category_id: ref('category_id'),
    customer_id: ref('customer_id'),
    contract_id: ref('contract_id'),
    equipment_id: ref('equipment_id'),
    reviewer_id: ref('reviewer_id'),
    technical_id: ref('technical_id'),
    relate_equipment_to_customer: !!ticket?.relate_equipment_to_customer,
  };
}

/** The client-side checks: the reported problem is required (the title comes from it when left blank). */
export function validateTicket(values: TicketValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.content.trim()) errors.content = 'validation.cant-be-blank';
  if (values.title.trim().length > TITLE_MAX) errors.title = 'validation.is-too-long';
  return errors;
}

/** The document to send: the stored ticket's fields kept, the form's over them, blanks removed. Project-management
 * fields are sent only when that feature is on. */
export function ticketDocument(values: TicketValues, prev: TicketDoc | null | undefined, projectManagement: boolean): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'Ticket' };
  for (const k of TEXTS) {
    const v = values[k].trim();
    if (v) doc[k] = k === 'content' || k === 'problem' ? values[k] : v;
    else delete doc[k];
  }
  for (const k of REFS) {
    if (values[k]) doc[k] = values[k];
    else delete doc[k];
  }
  doc.priority = values.priority;
  if (projectManagement) doc.ticket_kind = values.ticket_kind;
  doc.relate_equipment_to_customer = values.relate_equipment_to_customer && !!values.customer_id && !!values.equipment_id;
  return doc;
}

export default function TicketFormPage() {
  const { accountId, recordId } = useRoute();
  const { t } = useTranslation('tickets');
  const record = useDoc<'Ticket'>(accountId, recordId);
  if (recordId && record.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !record.data) return <ErrorBanner error={record.error} />;
  return <TicketForm key={record.data?._rev ?? 'new'} ticket={record.data} />;
}

/** New and edit of a ticket: reported problem (the title preview follows its first line), found problem, priority,
 * customer, equipment, contract, category, technician; kind, estimation and reviewer with project management. */
export function TicketForm({ ticket }: { ticket?: TicketDoc }) {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [search] = useSearchParams();
  const features = useFeatures(accountId);
  const members = useMembers(accountId);
  const [values, setValues] = useState<TicketValues>(() => ticketValues(ticket, search));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const maintenanceId = !ticket ? search.get('maintenance_id') : null;
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const reply = ticket ? await docs.update(accountId, ticket._id, ticket._rev, body) : await docs.create(accountId, body);
      // a ticket opened from a maintenance is linked back to it
      if (maintenanceId) {
        const m = await docs.get<'Maintenance'>(accountId, maintenanceId).catch(() => null);
        if (m && !m.ticket_id) await docs.update(accountId, m._id, m._rev, { ...m, ticket_id: reply.id }).catch(() => undefined);
      }
      return reply;
    },
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'tickets', reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const set = <K extends keyof TicketValues>(key: K, value: TicketValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = () => {
    const found = validateTicket(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(ticketDocument(values, ticket, features.projectManagement));
  };
  const err = (k: string) => errors[k] && t(errors[k], { ns: ['tickets', 'translation'] });
  const preview = values.title.trim() || titleFromContent(values.content);
  const memberOptions = (members.data ?? []).map((m) => ({ value: m.user_id, label: m.label }));
  const title = ticket ? t('common.edit_title', { name: ticketLabel(ticket) }) : t('entities.tickets.new');
  return (
    <Stack>
      <PageHeader
        title={title}
        back={{ to: accountPath(accountId, 'tickets', ticket?._id), label: ticket ? ticketLabel(ticket) : t('entities.tickets.many') }}
      />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <Textarea
            label={t('fields.content')}
            description={t('hints.content')}
            name="content"
            required
            autosize
            minRows={TEXTAREA_ROWS}
            maxRows={TEXTAREA_MAX_ROWS}
            value={values.content}
            onChange={(e) => set('content', e.currentTarget.value)}
            error={err('content')}
          />
          <TextInput
            label={t('fields.title')}
            name="title"
            placeholder={titleFromContent(values.content) || t('hints.title')}
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={err('title')}
            maxLength={TITLE_MAX + 20}
          />
          <Text size="sm" c="dimmed" data-testid="title-preview">
            {t('tickets.title_preview')}: {preview ? preview : '—'}
          </Text>
          <Textarea label={t('fields.problem')} name="problem" autosize minRows={TEXTAREA_ROWS} maxRows={TEXTAREA_MAX_ROWS} value={values.problem} onChange={(e) => set('problem', e.currentTarget.value)} error={err('problem')} />
          <Group>
            <div>
              <Text size="sm" fw={500}>
                {t('fields.priority')}
              </Text>
              <SegmentedControl
                value={values.priority}
                onChange={(v) => set('priority', v)}
                data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
                aria-label={t('fields.priority')}
              />
            </div>
            {features.projectManagement && (
              <div data-testid="kind-field">
                <Text size="sm" fw={500}>
                  {t('fields.ticket_kind')}
                </Text>
                <SegmentedControl value={values.ticket_kind} onChange={(v) => set('ticket_kind', v)} data={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
              </div>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RefSelect accountId={accountId} klass="Customer" name="customer_id" label={t('fields.customer_id')} value={values.customer_id} onChange={(v) => set('customer_id', v)} error={err('customer_id')} />
            <RefSelect
              accountId={accountId}
              klass="Equipment"
              name="equipment_id"
              label={t('fields.equipment_id')}
              value={values.equipment_id}
              onChange={(v) => set('equipment_id', v)}
              error={err('equipment_id')}
              // the customer's equipment and the equipment of nobody yet
              filter={(d) => !values.customer_id || !d.customer_id || d.customer_id === values.customer_id}
            />
            <RefSelect
              accountId={accountId}
              klass="Contract"
              name="contract_id"
              label={t('fields.contract_id')}
              value={values.contract_id}
              onChange={(v) => set('contract_id', v)}
              error={err('contract_id')}
              filter={(d) => d.active !== false && (!values.customer_id || !d.customer_id || d.customer_id === values.customer_id)}
            />
            <RefSelect
              accountId={accountId}
              klass="Category"
              name="category_id"
              label={t('fields.category_id')}
              value={values.category_id}
              onChange={(v) => set('category_id', v)}
              error={err('category_id')}
              filter={(d) => d.active !== false}
            />
            <Select
              label={t('fields.technical_id')}
              name="technical_id"
              data={memberOptions}
              value={values.technical_id ?? null}
              onChange={(v) => set('technical_id', v ?? undefined)}
              clearable
              searchable
              error={err('technical_id')}
              comboboxProps={{ withinPortal: true }}
            />
            {features.projectManagement && (
              <Select
                label={t('fields.reviewer_id')}
                name="reviewer_id"
                data={memberOptions}
                value={values.reviewer_id ?? null}
                onChange={(v) => set('reviewer_id', v ?? undefined)}
                clearable
                searchable
                error={err('reviewer_id')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {features.projectManagement && (
              <TextInput label={t('fields.estimation')} name="estimation" value={values.estimation} onChange={(e) => set('estimation', e.currentTarget.value)} error={err('estimation')} />
            )}
            <TextInput
              label={t('fields.equipment_observation')}
              name="equipment_observation"
              value={values.equipment_observation}
              onChange={(e) => set('equipment_observation', e.currentTarget.value)}
              error={err('equipment_observation')}
            />
          </SimpleGrid>
          {!ticket?.checklist?.length && <ChecklistHint accountId={accountId} featureOn={features.checklist} />}
          {values.customer_id && values.equipment_id && (
            <Checkbox
              label={t('fields.relate_equipment_to_customer')}
              checked={values.relate_equipment_to_customer}
              onChange={(e) => set('relate_equipment_to_customer', e.currentTarget.checked)}
            />
          )}
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Where a ticket's checklist comes from (its category) and, while the feature is off, how to see it: shown while the
 * ticket has no checklist, since a category chosen now brings one. */
function ChecklistHint({ accountId, featureOn }: { accountId: string; featureOn: boolean }) {
  const { t } = useTranslation('tickets');
  return (
    <Text size="sm" c="dimmed" data-testid="checklist-hint">
      {t('tickets.checklist_hint')}{' '}
      <Anchor component={Link} to={accountPath(accountId, 'categories')} size="sm">
        {t('tickets.checklist_hint_link')}
      </Anchor>
      .{!featureOn && ` ${t('tickets.checklist_feature_off')}`}
    </Text>
  );
}
