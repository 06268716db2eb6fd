import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATEMENT_DATE_FORMATS, type StatementDateFormat, type StatementOptions } from '../../lib/statement';

/** the date format select's "detect it" */
const AUTO = 'auto';

/**
 * The import's options: whether the first line names the columns, whether line one is a title to leave out, the date
 * format (detected unless chosen), what amounts without a sign are, and whether the mapping rules apply.
 */
export function ImportOptions({
  options,
  detected,
  twoWays,
  dateError,
  activeRules,
  onChange,
}: {
  options: StatementOptions;
  /** the format the dates read with when none is chosen (the whole file's, else the preview rows') */
  detected: StatementDateFormat | null;
  /** the file's dates read as different days in two formats: "detect" is no answer, the person chooses */
  twoWays: boolean;
  /** a field error of the date format (validation.* key), as the service answered it */
  dateError?: string;
  activeRules: number;
  onChange: (patch: Partial<StatementOptions>) => void;
}) {
  const { t } = useTranslation('finance');
  const auto = twoWays ? t('imports.date_format_choose') : detected ? t('imports.date_format_detected', { format: detected }) : t('imports.date_format_auto');
  const formats = [{ value: AUTO, label: auto }, ...STATEMENT_DATE_FORMATS.map((f) => ({ value: f, label: f }))];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('imports.options')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Switch label={t('imports.first_line_is_header')} checked={options.first_line_is_header} onChange={(e) => onChange({ first_line_is_header: e.currentTarget.checked })} />
          <Switch label={t('imports.ignore_line_one')} description={t('imports.ignore_line_one_hint')} checked={options.ignore_line_one} onChange={(e) => onChange({ ignore_line_one: e.currentTarget.checked })} />
          <Select
            label={t('imports.date_format')}
            data={formats}
            value={options.date_format ?? AUTO}
            onChange={(v) => onChange({ date_format: !v || v === AUTO ? null : (v as StatementDateFormat) })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={dateError ? t(dateError, { ns: ['finance', 'translation'] }) : undefined}
            data-testid="date-format"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="most-items-are">
              {t('imports.most_items_are')}
            </Text>
            <SegmentedControl
              aria-labelledby="most-items-are"
              data={[
                { value: 'outgo', label: t('imports.most.outgo') },
                { value: 'income', label: t('imports.most.income') },
              ]}
              value={options.most_items_are}
              onChange={(v) => onChange({ most_items_are: v as StatementOptions['most_items_are'] })}
              fullWidth
            />
            <Text size="xs" c="dimmed">
              {t('imports.most_items_are_hint')}
            </Text>
          </Stack>
          <Switch
            label={t('imports.apply_mappings', { count: activeRules })}
            checked={options.apply_mappings}
            onChange={(e) => onChange({ apply_mappings: e.currentTarget.checked })}
            disabled={activeRules === 0 && !options.apply_mappings}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
