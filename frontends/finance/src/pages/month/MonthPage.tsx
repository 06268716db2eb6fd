import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BarChart } from '../../components/BarChart';
import { useWallets } from '../../hooks/finance';
import { finance } from '../../lib/api';
import { monthLabel, monthOf, shiftMonth } from '../../lib/format';
import { formatExactMoney } from '../../lib/money';
import { currencyTotalsDigits, monthSummary, type CurrencyMonth } from '../../lib/month';
import { useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/**
 * The month view (beyond the spec, issue 14: people would rather look than read): the month's confirmed incomes
 * against its outgos per category as a bar chart, and the totals, one part per currency (amounts of different
 * currencies are never added). The month is in the address (`?month=yyyy-mm`), this month by default.
 */
export default function MonthPage() {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const [search, setSearch] = useSearchParams();
  const month = monthOf(search.get('month'));
  const wallets = useWallets(accountId);
  const rows = useQuery({ queryKey: ['finance', 'month', accountId, month], queryFn: () => finance.month(accountId, month) });
  const totals = useQuery({ queryKey: ['finance', 'month-totals', accountId, month], queryFn: () => finance.monthTotals(accountId, month) });
  // one list for QueryList: the chart's rows and the totals, loading and failing together
  const summary = {
    data: rows.data && totals.data ? monthSummary(rows.data, totals.data) : undefined,
    error: rows.error ?? totals.error,
    isPending: rows.isPending || totals.isPending,
    isFetching: rows.isFetching || totals.isFetching,
    refetch: () => Promise.all([rows.refetch(), totals.refetch()]),
  };
  const go = (m: string) => setSearch({ month: m }, { replace: true });
  return (
    <Stack>
      <PageHeader title={t('month.title')} />
      <Group gap="xs" wrap="wrap" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label={t('month.previous')} onClick={() => go(shiftMonth(month, -1))} data-testid="month-previous">
          ‹
        </ActionIcon>
        <Title order={3} size="h4" miw={170} ta="center" data-testid="month-label">
          {monthLabel(month, i18n.language)}
        </Title>
        <ActionIcon variant="default" size="lg" aria-label={t('month.next')} onClick={() => go(shiftMonth(month, 1))} data-testid="month-next">
          ›
        </ActionIcon>
        <TextInput type="month" aria-label={t('month.pick')} value={month} onChange={(e) => e.currentTarget.value && go(monthOf(e.currentTarget.value))} size="sm" w={170} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('month.intro')}
      </Text>
      <QueryList query={summary} empty={t('month.empty')}>
        {(currencies) => (
          <Stack>
            {currencies.map((c) => (
              <CurrencyPart key={c.currency} part={c} digits={currencyTotalsDigits(c.currency, wallets.data)} />
            ))}
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}

function CurrencyPart({ part, digits }: { part: CurrencyMonth; digits: number }) {
  const { t, i18n } = useTranslation('finance');
  const format = (minor: bigint) => formatExactMoney(minor, i18n.language, part.currency, digits);
  const total = (label: string, value: bigint, color: string, testid: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color} data-testid={testid} style={{ whiteSpace: 'nowrap' }}>
        {format(value)}
      </Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid={`month-${part.currency}`}>
      <Stack gap="md">
        <Title order={4} size="h5">
          {part.currency}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          {total(t('month.incomes'), part.income, 'teal.8', 'total-income')}
          {total(t('month.outgos'), part.outgo, 'red.8', 'total-outgo')}
          {total(t('month.net'), part.net, part.net < 0n ? 'red.8' : 'teal.8', 'total-net')}
        </SimpleGrid>
        <BarChart rows={part.categories} format={format} title={t('month.chart', { currency: part.currency })} />
      </Stack>
    </Paper>
  );
}
