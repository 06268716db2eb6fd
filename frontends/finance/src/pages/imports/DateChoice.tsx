import type { CsvDateColumn } from '@app/proto';
import { Alert, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { longDate } from '../../lib/format';
import type { StatementDateFormat } from '../../lib/statement';

/** How each format reads a date, in words ("day/month"). */
const ORDER: Partial<Record<StatementDateFormat, 'day_month' | 'month_day'>> = { 'dd/mm/yyyy': 'day_month', 'mm/dd/yyyy': 'month_day' };

/**
 * A file whose dates read as different days in two formats (issue 27 #3: 10/01 is 10 January or 1 October): a date
 * of it with both readings, and the person chooses. Nothing is imported until they do; the choice stays shown.
 */
export function DateChoice({ column, chosen, onChoose }: { column: CsvDateColumn; chosen: StatementDateFormat | null; onChoose: (format: StatementDateFormat) => void }) {
  const { t, i18n } = useTranslation('finance');
  const sample = column.sample;
  if (!sample) return null;
  const formats = column.formats.filter((f) => sample.readings[f]);
  return (
    <Alert color={chosen ? 'blue' : 'yellow'} variant="light" title={t('imports.dates_two_ways')} data-testid="date-choice">
      <Stack gap="xs">
        <Text size="sm" data-testid="date-choice-sample">
          {sample.line !== null ? t('imports.dates_sample', { line: sample.line, value: sample.value }) : t('imports.dates_sample_no_line', { value: sample.value })}
        </Text>
        <Radio.Group value={chosen ?? ''} onChange={(v) => onChoose(v as StatementDateFormat)} aria-label={t('imports.date_format')}>
          <Stack gap={6}>
            {formats.map((f) => (
              <Radio
                key={f}
                value={f}
                data-testid={`date-reading-${f}`}
                label={t('imports.dates_reading', { date: longDate(sample.readings[f] as string, i18n.language), order: ORDER[f] ? t(`imports.dates_order.${ORDER[f]}`) : f, format: f })}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Alert>
  );
}
