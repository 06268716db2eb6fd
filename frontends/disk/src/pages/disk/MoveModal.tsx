import type { CloudFileDoc } from '@app/proto';
import { Anchor, Breadcrumbs, Button, Group, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/ui';
import { DiskModal } from '../../components/DiskModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FolderIcon } from '../../components/icons';
import { useFolders, usePath } from '../../hooks/disk';
import { useInvalidate } from '../../hooks/invalidate';
import { disk } from '../../lib/api';
import { serverFieldErrors } from '../../lib/field-errors';
import { breadcrumb, moveTargets } from '../../lib/files';
import { useRoute } from '../../routing';

/**
 * Move a file or folder: a folder browser from the root (the entry itself is left out, so nothing can be moved into
 * itself or its own subfolders), "Move here" into the folder open in the browser.
 */
export function MoveModal({ opened, onClose, doc }: { opened: boolean; onClose: () => void; doc: CloudFileDoc }) {
  const { t } = useTranslation('disk');
  return (
    <DiskModal opened={opened} onClose={onClose} title={t('move.title', { name: doc.name })}>
      {opened && <FolderBrowser doc={doc} onClose={onClose} />}
    </DiskModal>
  );
}

function FolderBrowser({ doc, onClose }: { doc: CloudFileDoc; onClose: () => void }) {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const invalidate = useInvalidate();
  const [at, setAt] = useState<string | null>(doc.dir_id ?? null);
  const folders = useFolders(accountId, at);
  const path = usePath(accountId, at);
  const crumbs = breadcrumb(path.data ?? [], t('nav.files'));
  const targets = moveTargets(folders.data ?? [], doc);
  const same = (doc.dir_id ?? null) === at;
  const move = useMutation({
    mutationFn: () => disk.save(accountId, doc, { dir_id: at }),
    onSuccess: async () => {
      await invalidate();
      onClose();
    },
    onError: (err) => isApiError(err) && err.status === 409 && invalidate(),
  });
  const fieldErrors = serverFieldErrors(move.error);
  const fieldError = fieldErrors.name ?? fieldErrors.dir_id;
  return (
    <Stack>
      <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap', rowGap: 4 }} data-testid="move-breadcrumbs">
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.id ?? 'root'} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Text>
          ) : (
            <Anchor key={c.id ?? 'root'} component="button" type="button" size="sm" onClick={() => setAt(c.id)} style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah={320}>
          {folders.isPending ? (
            <Text c="dimmed" p="sm">
              {t('common.loading')}
            </Text>
          ) : !targets.length ? (
            <Text c="dimmed" p="sm" data-testid="no-subfolders">
              {t('move.no_subfolders')}
            </Text>
          ) : (
            targets.map((f) => (
              <NavLink
                key={f._id}
                component="button"
                type="button"
                label={f.name}
                leftSection={<FolderIcon size={18} color={f.color ? `var(--mantine-color-${f.color}-6)` : 'var(--mantine-color-yellow-7)'} />}
                onClick={() => setAt(f._id)}
                data-testid="move-folder"
                style={{ overflowWrap: 'anywhere' }}
              />
            ))
          )}
        </ScrollArea.Autosize>
      </Paper>
      {fieldError ? (
        <Text c="red" size="sm" role="alert">
          {t(`move.errors.${fieldError.replace(/^validation\./, '')}`, { defaultValue: t(fieldError, { ns: ['disk', 'translation'] }) })}
        </Text>
      ) : (
        <ErrorBanner error={move.error} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => move.mutate()} disabled={same} loading={move.isPending} data-testid="move-here">
          {t('move.here')}
        </Button>
      </Group>
    </Stack>
  );
}
