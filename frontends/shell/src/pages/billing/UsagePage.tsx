import { Divider, Group, Paper, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminOnly } from '../admin/AdminOnly';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCounts, useDiskUsage } from '../admin/admin-data';
import { BillingHeader } from './BillingHeader';
import { formatSize, quotaPercent, totalStorage, usageRows } from './billing-rules';

/**
 * Usage (spec §2): record counts and stored size per kind of record (named in the user's language), as a chart or a
 * table; decimal units (spec §9). When the disk is deployed, a "Disk files" line after the records: its files, its
 * bytes and the plan's drive storage ("120 MB of 1 GB"). Files are not records, so the total's record count leaves them
 * out while its size has their bytes.
 */
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
  const diskUsage = useDiskUsage(account_id);
  const disk = diskUsage.data;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const usage = usageRows(counts.data);
  const language = i18n.language;
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  // a kind of record by its name in the user's language (klass.*), the klass itself when unnamed
  const kindName = (kind: string) => t(`klass.${kind}`, { defaultValue: kind });
  const biggest = Math.max(1, ...usage.rows.map((r) => r.size));
  const diskFiles = disk ? t('billing.usage.files', { count: disk.files }) : '';
  const diskSize = !disk
    ? ''
    : disk.quota > 0
      ? t('billing.usage.of_quota', { used: formatSize(disk.bytes, language), quota: formatSize(disk.quota, language) })
      : formatSize(disk.bytes, language);
  const shown = usage.rows.length > 0 || !!disk;
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
      <ErrorBanner error={counts.error ?? diskUsage.error} />
      <Paper withBorder radius="md" p="md">
        {counts.isSuccess && !shown && <Text c="dimmed">{t('billing.usage.empty')}</Text>}
        {shown && view === 'table' && (
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
                  <Table.Td ta="right">{formatSize(r.size, language)}</Table.Td>
                </Table.Tr>
              ))}
              {disk && (
                <Table.Tr data-testid="usage-disk-row">
                  <Table.Td>{t('billing.usage.disk_files')}</Table.Td>
                  {/* whole on a phone: "12 kB of 100 MB" broke between 100 and MB */}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {diskFiles}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {diskSize}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('billing.common.total')}</Table.Th>
                <Table.Th ta="right">{number(usage.count)}</Table.Th>
                <Table.Th ta="right">{formatSize(totalStorage(usage.size, disk), language)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
        {shown && view === 'chart' && (
          <Stack gap="sm" data-testid="usage-chart">
            {usage.rows.map((r) => (
              <div key={r.kind}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{kindName(r.kind)}</Text>
                  <Text size="sm" c="dimmed">
                    {number(r.count)} · {formatSize(r.size, language)}
                  </Text>
                </Group>
                <Progress value={(r.size / biggest) * 100} aria-label={kindName(r.kind)} />
              </div>
            ))}
            {disk && (
              <>
                {usage.rows.length > 0 && <Divider />}
                {/* the disk's bar is its share of the plan's drive storage, not of the biggest kind */}
                <div data-testid="usage-disk">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{t('billing.usage.disk_files')}</Text>
                    <Text size="sm" c="dimmed">
                      {diskFiles} · {diskSize}
                    </Text>
                  </Group>
                  <Progress value={quotaPercent(disk.bytes, disk.quota)} color="teal" aria-label={t('billing.usage.disk_files')} />
                </div>
              </>
            )}
          </Stack>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('billing.usage.note')}
        {disk && ` ${t('billing.usage.disk_note')}`}
      </Text>
    </Stack>
  );
}
