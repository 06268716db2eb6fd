import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../components/RefSelect';
import { TicketList } from '../../components/TicketList';
import { useFeatures, useMembers } from '../../hooks/account';
import { KINDS, PRIORITIES, SEARCH_TEXT_MAX, searchRegex, STATUSES } from '../../lib/tickets';
import { useRoute } from '../../routing';
import { useTickets } from './ticket-data';
import { PageHeader, Pager } from '@app/module-kit';

export const PAGE_SIZES = ['10', '25', '50', '100'] as const;
export const SORTS = ['number', 'created_at', 'updated_at', 'priority'] as const;

export interface SearchForm {
  text: string;
  status: string[];
  priority: string[];
  ticket_kind: string[];
  category_id?: string;
  customer_id?: string;
  technical_id?: string;
  perPage: string;
  sort: (typeof SORTS)[number];
  direction: 'asc' | 'desc';
}

export const EMPTY_SEARCH: SearchForm = { text: '', status: [], priority: [], ticket_kind: [], perPage: '25', sort: 'number', direction: 'desc' };

/** The search's `_find` selector (the contract: lowercase regex-escaped text on `search`, `$in` for multi-choice filters). */
export function searchSelector(form: SearchForm): Record<string, unknown> {
  const selector: Record<string, unknown> = {};
  const term = searchRegex(form.text);
  if (term) selector.search = { $regex: term };
  for (const key of ['status', 'priority', 'ticket_kind'] as const) if (form[key].length) selector[key] = form[key].length === 1 ? form[key][0] : { $in: form[key] };
  for (const key of ['category_id', 'customer_id', 'technical_id'] as const) if (form[key]) selector[key] = form[key];
  return selector;
}

/** A multiple choice as checkboxes (several statuses, priorities or kinds at once). */
function Choices({ label, options, value, onChange, testId }: { label: string; options: Array<{ value: string; label: string }>; value: string[]; onChange: (v: string[]) => void; testId: string }) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} data-testid={testId}>
      <Group gap="xs" mt={4}>
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} size="xs" />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Advanced search: a text box and filters, items per page, sort and direction, paging; the found tickets as the
 * tickets list shows them. */
export default function SearchPage() {
  const { t } = useTranslation('tickets');
  const { accountId } = useRoute();
  const members = useMembers(accountId);
  const { projectManagement } = useFeatures(accountId);
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const [applied, setApplied] = useState<SearchForm>(EMPTY_SEARCH);
  const [page, setPage] = useState(0);
  const perPage = Number(applied.perPage);
  const list = useTickets(accountId, { selector: searchSelector(applied), sort: [{ [applied.sort]: applied.direction }], limit: perPage, skip: page * perPage }, 'search');
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const run = (next: SearchForm) => {
    setApplied(next);
    setPage(0);
  };
  return (
    <Stack>
      <PageHeader title={t('nav.tickets-search')} />
      <Paper withBorder radius="md" p="md" component="form" onSubmit={(e: React.FormEvent) => (e.preventDefault(), run(form))} className="no-print">
        <Stack gap="sm">
          <Group align="flex-end" wrap="nowrap">
            <TextInput style={{ flex: 1 }} label={t('search.text')} placeholder={t('search.text_placeholder')} maxLength={SEARCH_TEXT_MAX} value={form.text} onChange={(e) => set('text', e.currentTarget.value)} />
            <Button type="submit">{t('search.submit')}</Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Choices label={t('fields.status')} options={options(STATUSES, 'status')} value={form.status} onChange={(v) => set('status', v)} testId="filter-status" />
            <Choices label={t('fields.priority')} options={options(PRIORITIES, 'priority')} value={form.priority} onChange={(v) => set('priority', v)} testId="filter-priority" />
            {projectManagement && (
              <Choices label={t('fields.ticket_kind')} options={options(KINDS, 'kind')} value={form.ticket_kind} onChange={(v) => set('ticket_kind', v)} testId="filter-kind" />
            )}
            <RefSelect accountId={accountId} klass="Category" label={t('fields.category_id')} value={form.category_id} onChange={(v) => set('category_id', v)} />
            <RefSelect accountId={accountId} klass="Customer" label={t('fields.customer_id')} value={form.customer_id} onChange={(v) => set('customer_id', v)} />
            <Select
              label={t('fields.technical_id')}
              data={(members.data ?? []).map((m) => ({ value: m.user_id, label: m.label }))}
              value={form.technical_id ?? null}
              onChange={(v) => set('technical_id', v ?? undefined)}
              placeholder={t('common.choose')}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group align="flex-end">
            <Select label={t('search.per_page')} data={[...PAGE_SIZES]} value={form.perPage} onChange={(v) => v && set('perPage', v)} allowDeselect={false} w={120} comboboxProps={{ withinPortal: true }} />
            <Select label={t('search.sort')} data={options(SORTS, 'search.sort_by')} value={form.sort} onChange={(v) => v && set('sort', v as SearchForm['sort'])} allowDeselect={false} w={180} comboboxProps={{ withinPortal: true }} />
            <Select
              label={t('search.direction')}
              data={options(['asc', 'desc'], 'search.dir')}
              value={form.direction}
              onChange={(v) => v && set('direction', v as 'asc' | 'desc')}
              allowDeselect={false}
              w={160}
              comboboxProps={{ withinPortal: true }}
            />
            <Button variant="default" onClick={() => (setForm(EMPTY_SEARCH), run(EMPTY_SEARCH))}>
              {t('search.clear')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {/* the tickets list's layout: cards on a phone, where six columns cut every word */}
      <TicketList query={list} accountId={accountId} />
      <Pager page={page} pageSize={perPage} count={list.data?.length ?? 0} onPage={setPage} />
    </Stack>
  );
}
