import { ActionIcon, Anchor, Badge, Button, Group, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { formatNumberInput, parseNumber, TEXTAREA_MAX_ROWS, TEXTAREA_ROWS, type NumberProblem } from '@app/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRefLabels } from '../hooks/refs';
import { formatDate, formatDocument, formatMoney } from '../lib/format';
import { estimateTotal, lineTotal } from '../lib/tickets';
import type { FieldDef } from '../pages/records/entities';
import { accountPath } from '../routing';
import { RefSelect } from './RefSelect';

const REF_SEGMENT: Record<string, string> = {
  Customer: 'customers',
  Equipment: 'equipment',
  Category: 'categories',
  Contract: 'contracts',
  Ticket: 'tickets',
  Estimate: 'estimates',
};

type Values = Record<string, unknown>;

/** One form field of a record (its kind decides the input). */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  accountId,
}: {
  field: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  accountId: string;
}) {
  const { t } = useTranslation('tickets');
  const label = t(`fields.${field.name}`);
  const description = field.hint ? t(field.hint) : undefined;
  const str = typeof value === 'string' ? value : value == null ? '' : String(value);
  switch (field.kind) {
    case 'textarea':
      return <Textarea label={label} description={description} name={field.name} value={str} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={TEXTAREA_ROWS} maxRows={TEXTAREA_MAX_ROWS} error={error} required={field.required} />;
    case 'boolean':
      return <Switch label={label} name={field.name} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />;
    case 'color':
      return (
        <TextInput
          label={label}
          name={field.name}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          placeholder="#228be6"
          leftSection={<input type="color" aria-label={label} value={/^#[0-9a-f]{6}$/i.test(str) ? str : '#228be6'} onChange={(e) => onChange(e.currentTarget.value)} style={{ width: 22, height: 22, border: 0, padding: 0, background: 'none' }} />}
        />
      );
    case 'number':
    case 'money':
    case 'integer':
      return (
        <NumberField
          label={label}
          description={description}
          name={field.name}
          value={value}
          onChange={onChange}
          integer={field.kind === 'integer'}
          error={error}
          required={field.required}
        />
      );
    case 'ref':
      return <RefSelect accountId={accountId} klass={field.ref!} label={label} name={field.name} value={str || undefined} onChange={onChange} error={error} required={field.required} />;
    case 'items':
      return <ItemsInput field={field} value={Array.isArray(value) ? (value as Values[]) : []} onChange={onChange} error={error} />;
    default:
      return (
        <TextInput
          label={label}
          description={description}
          name={field.name}
          type={field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          required={field.required}
        />
      );
  }
}

/** Decimals a number field takes: what formatQuantity shows. */
export const NUMBER_DECIMALS = 3;

/** The tickets key of what a number field cannot take (texts in the `tickets` namespace). */
export function numberProblemKey(problem: NumberProblem): string {
  switch (problem) {
    case 'not-integer':
      return 'validation.must-be-an-integer';
    case 'negative':
      return 'validation.must-be-greater-than-or-equal-to-0';
    default:
      return `number.${problem}`;
  }
}

/**
 * A number ≥ 0 typed in the user's language, read by @app/ui's parseNumber (the money rule): "1,5" in pt-BR, and in
 * en too where a comma before one digit can only be a decimal comma — never 15, as the native number input read it.
 * What it cannot read is said under the field as it is typed, and the form gets NaN meanwhile, so it refuses to save
 * (record-data unreadableNumbers).
 */
export function NumberField({
  label,
  description,
  name,
  value,
  onChange,
  integer,
  error,
  required,
  size,
}: {
  label: string;
  description?: string;
  name: string;
  value: unknown;
  onChange: (v: number | undefined) => void;
  integer?: boolean;
  error?: string;
  required?: boolean;
  size?: 'xs';
}) {
  const { t, i18n } = useTranslation('tickets');
  const language = i18n.language;
  const show = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? formatNumberInput(v, language, NUMBER_DECIMALS) : typeof v === 'string' ? v : '');
  const [text, setText] = useState(() => show(value));
  const [problem, setProblem] = useState<NumberProblem | null>(null);
  // the last value this field gave, so a value set from outside (a reset, a prefill) rewrites the text
  const given = useRef(value);
  useEffect(() => {
    if (Object.is(value, given.current)) return;
    given.current = value;
    if (!(typeof value === 'number' && Number.isNaN(value))) {
      setText(show(value));
      setProblem(null);
    }
    // only when the value changes from outside: the text being typed must not be rewritten on each keystroke
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const example = integer ? '12' : formatNumberInput(1.5, language);
  return (
    <TextInput
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      size={size}
      label={label}
      description={description}
      name={name}
      value={text}
      error={problem ? t(numberProblemKey(problem), { ns: ['tickets', 'translation'], example, digits: NUMBER_DECIMALS }) : error}
      required={required}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setText(raw);
        const parsed = parseNumber(raw, language, { integer, maxDecimals: NUMBER_DECIMALS });
        setProblem(parsed.ok ? null : parsed.problem);
        const v = parsed.ok ? (parsed.value ?? undefined) : NaN;
        given.current = v;
        onChange(v);
      }}
    />
  );
}

/** The entries of a list field (contract items, estimate items): one row each, add and remove; estimates show totals. */
function ItemsInput({ field, value, onChange, error }: { field: FieldDef; value: Values[]; onChange: (v: unknown) => void; error?: string }) {
  const { t, i18n } = useTranslation('tickets');
  const subs = field.items ?? [];
  const money = subs.some((s) => s.name === 'value');
  const blank = () => Object.fromEntries(subs.map((s) => [s.name, s.initial ?? '']));
  const set = (i: number, name: string, v: unknown) => onChange(value.map((row, j) => (j === i ? { ...row, [name]: v } : row)));
  return (
    <Stack gap={4} data-testid={`items-${field.name}`}>
      <Text size="sm" fw={500}>
        {t(`fields.${field.name}`)}
      </Text>
      {value.map((row, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="item-row">
          {subs.map((s) => (
            <div key={s.name} style={{ flex: s.kind === 'text' ? 3 : 1, minWidth: 0 }}>
              {s.kind === 'number' ? (
                <NumberField size="xs" label={t(`fields.${s.name}`)} name={`${field.name}.${i}.${s.name}`} value={row[s.name]} onChange={(v) => set(i, s.name, v)} />
              ) : (
                <TextInput size="xs" label={t(`fields.${s.name}`)} value={String(row[s.name] ?? '')} onChange={(e) => set(i, s.name, e.currentTarget.value)} />
              )}
            </div>
          ))}
          {money && (
            <Text size="sm" w={90} ta="right" data-testid="item-total">
              {formatMoney(lineTotal(row), i18n.language)}
            </Text>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t('common.remove_item')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button size="compact-sm" variant="default" onClick={() => onChange([...value, blank()])}>
          {t('common.add_item')}
        </Button>
        {money && (
          <Text fw={700} data-testid="items-total">
            {t('fields.total')}: {formatMoney(estimateTotal(value), i18n.language)}
          </Text>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red">
          {t(error, { ns: ['tickets', 'translation'] })}
        </Text>
      )}
    </Stack>
  );
}

/** A stored value as text (dates per locale, money with 2 decimals, linked records by name with a link). */
export function FieldValue({ field, value, accountId, refLabels }: { field: FieldDef; value: unknown; accountId: string; refLabels?: Record<string, string> }) {
  const { t, i18n } = useTranslation('tickets');
  if (value === undefined || value === null || value === '') return <Text c="dimmed">—</Text>;
  switch (field.kind) {
    case 'date':
      return <Text>{formatDate(String(value), i18n.language)}</Text>;
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'green' : 'gray'}>
          {value ? t('common.yes') : t('common.no')}
        </Badge>
      );
    case 'money':
      return <Text>{formatMoney(value, i18n.language)}</Text>;
    case 'color':
      return (
        <Group gap={6}>
          <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: String(value) }} />
          <Text>{String(value)}</Text>
        </Group>
      );
    case 'ref':
      return (
        <Anchor component={Link} to={accountPath(accountId, REF_SEGMENT[field.ref!], String(value))}>
          {refLabels?.[String(value)] ?? String(value)}
        </Anchor>
      );
    case 'textarea':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Text>;
    case 'items':
      return <ItemsTable field={field} items={Array.isArray(value) ? (value as Values[]) : []} />;
    default:
      return <Text style={{ overflowWrap: 'anywhere' }}>{field.name === 'cpf' || field.name === 'cnpj' ? formatDocument(value) : String(value)}</Text>;
  }
}

/** The entries of a list field as a table (estimates: quantity × value per line and the total). */
export function ItemsTable({ field, items }: { field: FieldDef; items: Values[] }) {
  const { t, i18n } = useTranslation('tickets');
  const subs = field.items ?? [];
  const money = subs.some((s) => s.name === 'value');
  return (
    <Table withTableBorder data-testid={`items-table-${field.name}`}>
      <Table.Thead>
        <Table.Tr>
          {subs.map((s) => (
            <Table.Th key={s.name} ta={s.kind === 'number' ? 'right' : undefined}>
              {t(`fields.${s.name}`)}
            </Table.Th>
          ))}
          {money && <Table.Th ta="right">{t('fields.line_total')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((row, i) => (
          <Table.Tr key={i}>
            {subs.map((s) => (
              <Table.Td key={s.name} ta={s.kind === 'number' ? 'right' : undefined}>
                {s.name === 'value' ? formatMoney(row[s.name], i18n.language) : String(row[s.name] ?? '')}
              </Table.Td>
            ))}
            {money && <Table.Td ta="right">{formatMoney(lineTotal(row), i18n.language)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {money && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={subs.length} ta="right">
              {t('fields.total')}
            </Table.Th>
            <Table.Th ta="right" data-testid="estimate-total">
              {formatMoney(estimateTotal(items), i18n.language)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

/** Every linked record's name for a set of fields (one query per klass). */
export function useLabelsFor(fields: FieldDef[], accountId: string): Record<string, string> {
  const klasses = new Set(fields.filter((f) => f.kind === 'ref').map((f) => f.ref!));
  const customers = useRefLabels(accountId, 'Customer', klasses.has('Customer'));
  const equipment = useRefLabels(accountId, 'Equipment', klasses.has('Equipment'));
  const categories = useRefLabels(accountId, 'Category', klasses.has('Category'));
  const contracts = useRefLabels(accountId, 'Contract', klasses.has('Contract'));
  const tickets = useRefLabels(accountId, 'Ticket', klasses.has('Ticket'));
  return { ...customers, ...equipment, ...categories, ...contracts, ...tickets };
}
