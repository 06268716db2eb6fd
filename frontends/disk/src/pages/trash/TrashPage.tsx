import type { CloudFileDoc } from '@app/proto';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, usePhone } from '@app/ui';
import { DiskModal } from '../../components/DiskModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FileIcon, FolderIcon } from '../../components/icons';
import { useTrash } from '../../hooks/disk';
import { useInvalidate } from '../../hooks/invalidate';
import { disk } from '../../lib/api';
import { DAYS_IN_TRASH, isFolder } from '../../lib/contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useRoute } from '../../routing';

/**
 * disk/trash: what was trashed (a folder with what it holds), the latest first; each can be restored into the folder
 * it came from, or deleted forever after a confirmation. The service purges what stayed longer than DAYS_IN_TRASH.
 */
export default function TrashPage() {
  const { t, i18n } = useTranslation('disk');
  const { accountId } = useRoute();
  const phone = usePhone();
  const trash = useTrash(accountId);
  const invalidate = useInvalidate();
  const [confirm, setConfirm] = useState<CloudFileDoc | null>(null);
  const act = useMutation({
    mutationFn: ({ action, doc }: { action: 'restore' | 'purge'; doc: CloudFileDoc }) =>
      action === 'restore' ? disk.restore(accountId, doc._id) : disk.purge(accountId, doc),
    onSuccess: async () => {
      setConfirm(null);
      await invalidate();
    },
    onError: (err) => isApiError(err) && err.status === 409 && invalidate(),
  });
  const lang = i18n.language;
  const busy = (doc: CloudFileDoc, action: 'restore' | 'purge') => act.isPending && act.variables?.doc._id === doc._id && act.variables.action === action;
  const name = (doc: CloudFileDoc) => (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {isFolder(doc.kind) ? <FolderIcon color="var(--mantine-color-yellow-7)" /> : <FileIcon color="var(--mantine-color-gray-6)" />}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {doc.name}
      </Text>
    </Group>
  );
  const buttons = (doc: CloudFileDoc) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="default" loading={busy(doc, 'restore')} onClick={() => act.mutate({ action: 'restore', doc })} aria-label={t('trash.restore_name', { name: doc.name })}>
        {t('trash.restore')}
      </Button>
      <Button size="compact-sm" color="red" variant="light" onClick={() => (act.reset(), setConfirm(doc))} aria-label={t('trash.delete_name', { name: doc.name })}>
        {t('trash.delete')}
      </Button>
    </Group>
  );
  const trashedAt = (doc: CloudFileDoc) => formatDateTime(doc.trashed_at ?? doc.updated_at, lang);
  const rows = trash.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('nav.trash')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('trash.hint', { count: DAYS_IN_TRASH })}
      </Text>
      <ErrorBanner error={confirm ? null : (act.error ?? trash.error)} />
      <Paper withBorder radius="md" p="xs">
        {trash.isPending ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : !rows.length ? (
          <Text c="dimmed" py="md" ta="center" data-testid="empty-trash">
            {t('trash.empty')}
          </Text>
        ) : phone ? (
          <Stack gap={6} data-testid="trash-cards">
            {rows.map((doc) => (
              <Paper key={doc._id} withBorder radius="md" px="sm" py={8} data-testid="trash-row">
                {name(doc)}
                <Text size="xs" c="dimmed" mt={2}>
                  {[isFolder(doc.kind) ? '' : formatBytes(doc.size, lang), t('trash.trashed_at', { at: trashedAt(doc) })].filter(Boolean).join(' · ')}
                </Text>
                <Group mt={6} justify="flex-end">
                  {buttons(doc)}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing="xs" data-testid="trash-table" style={{ tableLayout: 'fixed' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th w={110} ta="right">
                  {t('fields.size')}
                </Table.Th>
                <Table.Th w={160}>{t('fields.trashed_at')}</Table.Th>
                <Table.Th w={220} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((doc) => (
                <Table.Tr key={doc._id} data-testid="trash-row">
                  <Table.Td>{name(doc)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c="dimmed">
                      {isFolder(doc.kind) ? '—' : formatBytes(doc.size, lang)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {trashedAt(doc)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{buttons(doc)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <DiskModal opened={!!confirm} onClose={() => setConfirm(null)} title={t('trash.confirm_title')} size="md" fullScreen={false}>
        {confirm && (
          <Stack>
            <Text style={{ overflowWrap: 'anywhere' }}>{t(isFolder(confirm.kind) ? 'trash.confirm_folder' : 'trash.confirm_file', { name: confirm.name })}</Text>
            <ErrorBanner error={act.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={busy(confirm, 'purge')} onClick={() => act.mutate({ action: 'purge', doc: confirm })} data-testid="confirm-delete">
                {t('trash.delete_forever')}
              </Button>
            </Group>
          </Stack>
        )}
      </DiskModal>
    </Stack>
  );
}
