import { Group, Paper, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminOnly } from '../admin/AdminOnly';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCounts } from '../admin/admin-data';
import { BillingHeader } from './BillingHeader';
import { formatSize, usageRows } from './billing-rules';

/** Usage (spec §2): record counts and stored size per kind of record (named in the user's language), as a chart or a table; decimal units (spec §9). */
/** Administrators only: a plain member gets the notice (the menus don't offer the page to them either). */
export default function UsagePage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <UsagePageContent />
    </AdminOnly>
  );
}

function UsagePageContent() {
  const { t, i18n } = useTranslation();
  const { account_id = '' } = useParams();
  const counts = useCounts(account_id);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const usage = usageRows(counts.data);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  // a kind of record by its name in the user's language (klass.*), the klass itself when unnamed
  const kindName = (kind: string) => t(`klass.${kind}`, { defaultValue: kind });
  const biggest = Math.max(1, ...usage.rows.map((r) => r.size));
  return (
    <Stack maw={960} mx="auto">
      <BillingHeader
        accountId={account_id}
        title={t('billing.usage.title')}
        actions={
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            data={[
              { value: 'chart', label: t('billing.usage.chart') },
              { value: 'table', label: t('billing.usage.table') },
            ]}
          />
        }
      />
      <ErrorBanner error={counts.error} />
      <Paper withBorder radius="md" p="md">
        {counts.isSuccess && usage.rows.length === 0 && <Text c="dimmed">{t('billing.usage.empty')}</Text>}
        {usage.rows.length > 0 && view === 'table' && (
          <Table striped data-testid="usage-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.usage.kind')}</Table.Th>
                <Table.Th ta="right">{t('billing.common.records')}</Table.Th>
                <Table.Th ta="right">{t('billing.common.size')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.rows.map((r) => (
                <Table.Tr key={r.kind}>
                  <Table.Td>{kindName(r.kind)}</Table.Td>
                  <Table.Td ta="right">{number(r.count)}</Table.Td>
                  <Table.Td ta="right">{formatSize(r.size, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('billing.common.total')}</Table.Th>
                <Table.Th ta="right">{number(usage.count)}</Table.Th>
                <Table.Th ta="right">{formatSize(usage.size, i18n.language)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
        {usage.rows.length > 0 && view === 'chart' && (
          <Stack gap="sm" data-testid="usage-chart">
            {usage.rows.map((r) => (
              <div key={r.kind}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{kindName(r.kind)}</Text>
                  <Text size="sm" c="dimmed">
                    {number(r.count)} · {formatSize(r.size, i18n.language)}
                  </Text>
                </Group>
                <Progress value={(r.size / biggest) * 100} aria-label={kindName(r.kind)} />
              </div>
            ))}
          </Stack>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('billing.usage.note')}
      </Text>
    </Stack>
  );
}
