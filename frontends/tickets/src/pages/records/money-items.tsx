import { ActionIcon, Button, Grid, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { isUnreadableAmount, MoneyInput } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields';
import { formatMoney, formatQuantity } from '../../lib/format';
import { estimateTotal, lineTotal } from '../../lib/tickets';
import type { FieldDef } from './entities';

// The entries of a list field that holds money (estimate items: description, quantity, value): the value is typed in
// @app/ui's MoneyInput (the language's separators, a field error for what it can't read, the currency shown), every
// amount through the one money format. A native number input read "75,50" as 7550 in Chromium (the comma taken as a
// thousands separator) and nobody was told.

type Row = Record<string, unknown>;

/** A list field whose entries carry an amount. */
export const holdsMoney = (field: FieldDef) => field.kind === 'items' && !!field.items?.some((s) => s.kind === 'money');

/** Entries with an amount or quantity that can't be read (the form refuses to save them). */
export const unreadableAmounts = (field: FieldDef, value: unknown): boolean =>
  Array.isArray(value) && (value as Row[]).some((row) => (field.items ?? []).some((s) => s.kind !== 'text' && isUnreadableAmount(row[s.name])));

/** The form's rows: description, quantity, value, the line's total; the items' total under them. */
export function MoneyItemsInput({ field, value, onChange, error }: { field: FieldDef; value: Row[]; onChange: (v: unknown) => void; error?: string }) {
  const { t, i18n } = useTranslation('tickets');
  const subs = field.items ?? [];
  const blank = () => Object.fromEntries(subs.map((s) => [s.name, s.initial ?? (s.kind === 'text' ? '' : undefined)]));
  const set = (i: number, name: string, v: unknown) => onChange(value.map((row, j) => (j === i ? { ...row, [name]: v } : row)));
  const readable = (row: Row) => !subs.some((s) => s.kind !== 'text' && isUnreadableAmount(row[s.name]));
  return (
    <Stack gap={4} data-testid={`items-${field.name}`}>
      <Text size="sm" fw={500}>
        {t(`fields.${field.name}`)}
      </Text>
      {value.map((row, i) => (
        <Grid key={i} columns={24} gutter="xs" align="flex-start" data-testid="item-row">
          {subs.map((s) => (
            <Grid.Col key={s.name} span={s.kind === 'text' ? { base: 24, sm: 10 } : s.kind === 'money' ? { base: 11, sm: 6 } : { base: 6, sm: 3 }}>
              {s.kind === 'money' ? (
                <MoneyInput component={TextInput} size="xs" label={t(`fields.${s.name}`)} name={`${field.name}.${i}.${s.name}`} value={row[s.name] as number | undefined} onChange={(v) => set(i, s.name, v)} />
              ) : s.kind === 'number' ? (
                <NumberField size="xs" label={t(`fields.${s.name}`)} name={`${field.name}.${i}.${s.name}`} value={row[s.name]} onChange={(v) => set(i, s.name, v)} />
              ) : (
                <TextInput size="xs" label={t(`fields.${s.name}`)} value={String(row[s.name] ?? '')} onChange={(e) => set(i, s.name, e.currentTarget.value)} />
              )}
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 5, sm: 4 }}>
            <Text size="xs" c="dimmed" ta="right">
              {t('fields.line_total')}
            </Text>
            <Text size="sm" ta="right" mt={6} style={{ whiteSpace: 'nowrap' }} data-testid="item-total">
              {readable(row) ? formatMoney(lineTotal(row), i18n.language) : '—'}
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 2, sm: 1 }} style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ActionIcon mt={22} variant="subtle" color="red" aria-label={t('common.remove_item')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              ✕
            </ActionIcon>
          </Grid.Col>
        </Grid>
      ))}
      <Group justify="space-between">
        <Button size="compact-sm" variant="default" onClick={() => onChange([...value, blank()])}>
          {t('common.add_item')}
        </Button>
        <Text fw={700} data-testid="items-total">
          {t('fields.total')}: {value.every(readable) ? formatMoney(estimateTotal(value), i18n.language) : '—'}
        </Text>
      </Group>
      {/* the "amounts could not be read" error of the last Save goes once every amount reads */}
      {error && !(error === t('money.check_items', { ns: 'translation' }) && !unreadableAmounts(field, value)) && (
        <Text size="xs" c="red">
          {t(error, { ns: ['tickets', 'translation'] })}
        </Text>
      )}
    </Stack>
  );
}

/** A record's entries as a table: quantity and value per line, the line totals and the total, in the user's format. */
export function MoneyItemsTable({ field, items }: { field: FieldDef; items: Row[] }) {
  const { t, i18n } = useTranslation('tickets');
  const subs = field.items ?? [];
  const cell = (s: FieldDef, v: unknown) => (s.kind === 'money' ? formatMoney(v, i18n.language) : s.kind === 'number' ? formatQuantity(v, i18n.language) : String(v ?? ''));
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder fz="sm" horizontalSpacing="xs" data-testid={`items-table-${field.name}`}>
        <Table.Thead>
          <Table.Tr>
            {subs.map((s) => (
              <Table.Th key={s.name} ta={s.kind === 'text' ? undefined : 'right'}>
                {t(`fields.${s.name}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('fields.line_total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row, i) => (
            <Table.Tr key={i}>
              {subs.map((s) => (
                <Table.Td key={s.name} ta={s.kind === 'text' ? undefined : 'right'} style={s.kind === 'text' ? undefined : { whiteSpace: 'nowrap' }}>
                  {cell(s, row[s.name])}
                </Table.Td>
              ))}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(lineTotal(row), i18n.language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={subs.length} ta="right">
              {t('fields.total')}
            </Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="estimate-total">
              {formatMoney(estimateTotal(items), i18n.language)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
