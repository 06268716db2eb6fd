import type { WalletDoc } from '@app/proto';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentImports } from '../../hooks/imports';
import type { ImportDoc } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { failureText, progressKey } from '../../lib/import-progress';
import { useRoute } from '../../routing';
import { UndoImportDialog } from './UndoImportDialog';
import { QueryList } from '@app/module-kit';

const STATUS_COLORS: Record<string, string> = { queued: 'blue', running: 'blue', undoing: 'blue', done: 'teal', failed: 'red', undone: 'gray' };

/** The newest imports: when, which file and wallet, how it ended (rows, created, duplicates) and Undo for a finished one. */
export function PastImports({ wallets }: { wallets: WalletDoc[] | undefined }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const list = useRecentImports(accountId);
  const phone = usePhone();
  const [undo, setUndo] = useState<ImportDoc | null>(null);
  const walletName = (id: unknown) => wallets?.find((w) => w._id === id)?.name ?? String(id ?? '');
  const status = (d: ImportDoc) => (
    <Badge size="sm" variant="light" color={STATUS_COLORS[String(d.status)] ?? 'gray'} tt="none" data-testid="past-import-status">
      {t(`imports.status.${d.status ?? 'queued'}`)}
    </Badge>
  );
  const counts = (d: ImportDoc) =>
    d.status === 'queued' || d.status === 'running' || d.status === 'undoing'
      ? t(`imports.progress.${progressKey(d)}`, { done: d.done_rows ?? 0, total: d.total_rows ?? 0 })
      : d.status === 'undone'
      ? t('imports.undone', { count: d.undone_records ?? 0 })
      : d.status === 'failed'
        ? failureText(t, d.error)
        : t('imports.result', { created: d.created ?? 0, duplicates: d.duplicates ?? 0 });
  const undoButton = (d: ImportDoc) =>
    d.status === 'done' && (
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setUndo(d)} data-testid={`undo-${d._id}`}>
        {t('imports.undo_short')}
      </Button>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('imports.past')}
        </Title>
        <QueryList query={list} empty={t('imports.none_yet')} size="sm">
          {(rows) =>
            phone ? (
              <Stack gap="xs" data-testid="past-imports">
                {rows.map((d) => (
                  <Paper key={d._id} withBorder radius="sm" p="xs" data-testid="past-import">
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                        {d.label ?? d._id}
                      </Text>
                      {status(d)}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(d.created_at, i18n.language)} · {walletName(d.wallet_id)}
                    </Text>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {counts(d)}
                      </Text>
                      {undoButton(d)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table striped verticalSpacing={4} fz="sm" data-testid="past-imports">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('imports.when')}</Table.Th>
                      <Table.Th>{t('imports.file')}</Table.Th>
                      <Table.Th>{t('fields.wallet_id')}</Table.Th>
                      <Table.Th>{t('fields.status')}</Table.Th>
                      <Table.Th>{t('imports.outcome')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((d) => (
                      <Table.Tr key={d._id} data-testid="past-import">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at, i18n.language)}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.label ?? d._id}</Table.Td>
                        <Table.Td>{walletName(d.wallet_id)}</Table.Td>
                        <Table.Td>{status(d)}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{counts(d)}</Table.Td>
                        <Table.Td ta="right">{undoButton(d)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryList>
      </Stack>
      {undo && <UndoImportDialog doc={undo} opened={!!undo} onClose={() => setUndo(null)} />}
    </Paper>
  );
}
