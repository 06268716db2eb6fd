import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIELDS_MAX } from '../../lib/contract';
import type { FieldRow } from '../../lib/handbook-form';

/** A handbook's fields (spec §3: field_name / field_value pairs, shown as a small table): rows to add, edit, remove. */
export function FieldsEditor({ rows, onChange, error }: { rows: FieldRow[]; onChange: (rows: FieldRow[]) => void; error?: string }) {
  const { t } = useTranslation('notes');
  const set = (i: number, patch: Partial<FieldRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs" data-testid="fields-editor">
      <div>
        <Text size="sm" fw={500}>
          {t('fields.fields')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('hints.fields')}
        </Text>
      </div>
      {rows.map((row, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start" data-testid="field-row">
          <TextInput
            aria-label={t('fields.field_name_n', { n: i + 1 })}
            placeholder={t('fields.field_name')}
            value={row.field_name}
            onChange={(e) => set(i, { field_name: e.currentTarget.value })}
            style={{ flex: 2 }}
            miw={0}
          />
          <TextInput
            aria-label={t('fields.field_value_n', { n: i + 1 })}
            placeholder={t('fields.field_value')}
            value={row.field_value}
            onChange={(e) => set(i, { field_value: e.currentTarget.value })}
            style={{ flex: 3 }}
            miw={0}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('fields.remove_field_n', { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <div>
        <Button size="xs" variant="light" disabled={rows.length >= FIELDS_MAX} onClick={() => onChange([...rows, { field_name: '', field_value: '' }])}>
          {t('fields.add_field')}
        </Button>
      </div>
    </Stack>
  );
}
