import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ReportGroupRow, TicketReport } from '@app/proto';
import { ApiError } from '@app/ui';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { downloadReportCsv, useTicketReport, type ReportRange } from './reports-data';
import { browserTimeZone, defaultRange, formatHours, groupChartData, isValidRange, rowLabel, weekChartData } from './reports.rules';

/**
 * The group's reports (spec §2 adminnoop entry, §6: administrators and members with report access): for a range of
 * days (default the last 12 weeks, kept in the address) the tickets opened, done and cancelled per ISO week as a chart
 * and a table, the time from opening to done, the tickets per technician and per category (charts and tables) and per
 * customer, the group's records per kind, and the same report as a CSV file. The service decides who may read it: a
 * refusal shows a notice.
 */
export default function ReportsPage() {
  const { account_id = '' } = useParams();
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const fallback = defaultRange();
  const range: ReportRange = { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to, tz: browserTimeZone() };
  const valid = isValidRange(range.from, range.to);
  const report = useTicketReport(account_id, range, valid);
  const csv = useMutation({ mutationFn: () => downloadReportCsv(account_id, range) });
  const setRange = (next: Partial<Pick<ReportRange, 'from' | 'to'>>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, v);
    setSearch(params, { replace: true });
  };
  const refused = report.error instanceof ApiError && report.error.status === 403;
  const base = `/account/${account_id}`;

  if (refused) return <NotAllowed accountId={account_id} />;
  return (
    <Stack maw={1100} mx="auto" data-testid="reports-page">
      <Breadcrumbs>
        <Anchor component={Link} to={base} size="sm">
          {t('reports.breadcrumb_dashboard')}
        </Anchor>
        <Text size="sm">{t('reports.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t('reports.title')}
        </Title>
        <Button size="sm" variant="default" onClick={() => csv.mutate()} loading={csv.isPending} disabled={!valid || !report.data} data-testid="reports-csv">
          {t('reports.download_csv')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('reports.intro', { tz: range.tz })}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('reports.from')} value={range.from} onChange={(e) => setRange({ from: e.currentTarget.value })} data-testid="reports-from" w={170} />
        <TextInput type="date" label={t('reports.to')} value={range.to} onChange={(e) => setRange({ to: e.currentTarget.value })} data-testid="reports-to" w={170} />
        <Button variant="subtle" size="sm" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
          {t('reports.last_weeks')}
        </Button>
      </Group>
      {!valid && (
        <Alert color="yellow" data-testid="reports-range-error">
          {t('reports.errors.range')}
        </Alert>
      )}
      <ErrorBanner error={report.error ?? csv.error} />
      {valid && report.isPending && <PageLoader />}
      {valid && report.data && <ReportBody report={report.data} />}
    </Stack>
  );
}

function NotAllowed({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720} mx="auto" data-testid="reports-not-allowed">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h3" mb="sm">
          {t('reports.not_allowed.title')}
        </Title>
        <Text c="dimmed" mb="md">
          {t('reports.not_allowed.text')}
        </Text>
        <Anchor component={Link} to={`/account/${accountId}`}>
          {t('reports.not_allowed.back')}
        </Anchor>
      </Paper>
    </Stack>
  );
}

function ReportBody({ report }: { report: TicketReport }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const hours = (h: number | null) => (h === null ? t('reports.time_to_done.none') : t('reports.time_to_done.hours', { value: formatHours(h, language) }));
  const names = { opened: t('reports.totals.opened'), done: t('reports.totals.done') };
  const words = { none: t('reports.groups.none'), others: t('reports.groups.others') };
  const series = [
    { name: names.opened, color: 'blue.6' },
    { name: names.done, color: 'teal.6' },
  ];
  const d = report.time_to_done;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="reports-totals">
        <Figure label={t('reports.totals.opened')} value={number(report.totals.opened)} testId="total-opened" />
        <Figure label={t('reports.totals.done')} value={number(report.totals.done)} testId="total-done" />
        <Figure label={t('reports.totals.cancelled')} value={number(report.totals.cancelled)} testId="total-cancelled" />
        <Figure label={t('reports.time_to_done.median')} value={hours(d.median_hours)} testId="median-hours" />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          {t('reports.weeks.title')}
        </Title>
        <div role="img" aria-label={t('reports.weeks.chart_label')} data-testid="weeks-chart">
          <BarChart h={240} data={weekChartData(report.weeks, names)} dataKey="week" series={series} withLegend tickLine="y" yAxisProps={{ allowDecimals: false }} />
        </div>
        <Table.ScrollContainer minWidth={420} mt="md">
          <Table striped data-testid="weeks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.weeks.week')}</Table.Th>
                <Table.Th>{t('reports.weeks.start')}</Table.Th>
                <Table.Th ta="right">{t('reports.totals.opened')}</Table.Th>
                <Table.Th ta="right">{t('reports.totals.done')}</Table.Th>
                <Table.Th ta="right">{t('reports.totals.cancelled')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.weeks.map((w) => (
                <Table.Tr key={w.week} data-testid="week-row" data-week={w.week}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{w.week}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${w.start}T00:00:00Z`))}</Table.Td>
                  <Table.Td ta="right">{number(w.opened)}</Table.Td>
                  <Table.Td ta="right">{number(w.done)}</Table.Td>
                  <Table.Td ta="right">{number(w.cancelled)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder radius="md" p="md" data-testid="time-to-done">
        <Title order={3} size="h4" mb="sm">
          {t('reports.time_to_done.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('reports.time_to_done.count')} value={number(d.count)} testId="done-count" />
          <Figure label={t('reports.time_to_done.median')} value={hours(d.median_hours)} testId="done-median" />
          <Figure label={t('reports.time_to_done.p90')} value={hours(d.p90_hours)} testId="done-p90" />
          <Figure label={t('reports.time_to_done.average')} value={hours(d.average_hours)} testId="done-average" />
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <GroupCard title={t('reports.groups.technicians')} column={t('reports.groups.technician')} rows={report.technicians} chart={groupChartData(report.technicians, words, names)} series={series} testId="technicians" />
        <GroupCard title={t('reports.groups.categories')} column={t('reports.groups.category')} rows={report.categories} chart={groupChartData(report.categories, words, names)} series={series} testId="categories" />
      </SimpleGrid>
      <GroupCard title={t('reports.groups.customers')} column={t('reports.groups.customer')} rows={report.customers} series={series} testId="customers" />

      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="sm">
          {t('reports.counts.title')}
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table striped data-testid="counts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.counts.kind')}</Table.Th>
                <Table.Th ta="right">{t('reports.counts.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.counts.map((c) => (
                <Table.Tr key={c.klass} data-testid="count-row" data-klass={c.klass}>
                  <Table.Td>{t(`klass.${c.klass}`, { defaultValue: c.klass })}</Table.Td>
                  <Table.Td ta="right">{number(c.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function GroupCard({
  title,
  column,
  rows,
  chart,
  series,
  testId,
}: {
  title: string;
  column: string;
  rows: ReportGroupRow[];
  chart?: Array<Record<string, string | number>>;
  series: Array<{ name: string; color: string }>;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const words = { none: t('reports.groups.none'), others: t('reports.groups.others') };
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const median = (h: number | null) => (h === null ? t('reports.time_to_done.none') : t('reports.time_to_done.hours', { value: formatHours(h, i18n.language) }));
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 && <Text c="dimmed">{t('reports.groups.empty')}</Text>}
      {rows.length > 0 && chart && (
        <div role="img" aria-label={title} data-testid={`${testId}-chart`}>
          <BarChart h={Math.max(160, rows.length * 44 + 40)} data={chart} dataKey="name" series={series} orientation="vertical" yAxisProps={{ width: 110 }} xAxisProps={{ allowDecimals: false }} gridAxis="x" />
        </div>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={360} mt={chart ? 'md' : undefined}>
          <Table striped data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{column}</Table.Th>
                <Table.Th ta="right">{t('reports.groups.opened')}</Table.Th>
                <Table.Th ta="right">{t('reports.groups.done')}</Table.Th>
                <Table.Th ta="right">{t('reports.groups.median')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.kind}-${r.key ?? ''}`} data-testid={`${testId}-row`} data-kind={r.kind}>
                  <Table.Td fs={r.kind === 'item' ? undefined : 'italic'}>{rowLabel(r, words)}</Table.Td>
                  <Table.Td ta="right">{number(r.opened)}</Table.Td>
                  <Table.Td ta="right">{number(r.done)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {median(r.median_hours)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
