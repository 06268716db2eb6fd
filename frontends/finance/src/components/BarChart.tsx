import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryTotals } from '../lib/month';

const INCOME = 'var(--mantine-color-teal-6)';
const OUTGO = 'var(--mantine-color-red-6)';

/**
 * Incomes against outgos per category as horizontal bars (Mantine has no chart): one row a category, its name, its
 * two bars drawn in SVG on a scale shared by the whole chart, and the two amounts. Rows rather than columns, so long
 * category names and a phone's width fit.
 */
export function BarChart({ rows, format, title }: { rows: CategoryTotals[]; format: (minor: bigint) => string; title: string }) {
  const { t } = useTranslation('finance');
  // the scale needs no exactness: the amounts beside the bars have it
  const max = Math.max(1, ...rows.flatMap((r) => [Number(r.income), Number(r.outgo)]));
  const width = (v: bigint) => (v > 0n ? Math.max(0.5, (Number(v) / max) * 100) : 0);
  return (
    <Stack gap="xs" role="group" aria-label={title} data-testid="bar-chart">
      <Group gap="md">
        <Legend color={INCOME} label={t('month.incomes')} />
        <Legend color={OUTGO} label={t('month.outgos')} />
      </Group>
      {rows.map((row) => {
        const name = row.category ?? t('month.uncategorised');
        return (
          <Box key={row.category ?? ''} data-testid="bar-row">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Group gap="sm" wrap="nowrap" align="center">
              <svg
                viewBox="0 0 100 14"
                preserveAspectRatio="none"
                width="100%"
                height={28}
                role="img"
                aria-label={t('month.bar', { category: name, income: format(row.income), outgo: format(row.outgo) })}
                style={{ flex: 1, minWidth: 0, display: 'block' }}
              >
                <rect x={0} y={0} width={100} height={14} fill="var(--mantine-color-gray-1)" />
                <rect x={0} y={1} width={width(row.income)} height={5.5} fill={INCOME} data-testid="bar-income" data-value={String(row.income)} />
                <rect x={0} y={7.5} width={width(row.outgo)} height={5.5} fill={OUTGO} data-testid="bar-outgo" data-value={String(row.outgo)} />
              </svg>
              <Stack gap={0} miw={110} align="flex-end">
                <Text size="xs" c="teal.8" style={{ whiteSpace: 'nowrap' }} data-testid="bar-income-amount">
                  {format(row.income)}
                </Text>
                <Text size="xs" c="red.8" style={{ whiteSpace: 'nowrap' }} data-testid="bar-outgo-amount">
                  {format(row.outgo)}
                </Text>
              </Stack>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <svg width={12} height={12} aria-hidden="true">
        <rect width={12} height={12} rx={2} fill={color} />
      </svg>
      <Text size="xs">{label}</Text>
    </Group>
  );
}
