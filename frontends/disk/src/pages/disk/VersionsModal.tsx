import type { CloudFileDoc, FileVersion } from '@app/proto';
import { Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DiskModal } from '../../components/DiskModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { UploadPanel } from '../../components/UploadPanel';
import { useVersions } from '../../hooks/disk';
import { useInvalidate } from '../../hooks/invalidate';
import { useUploads } from '../../hooks/uploads';
import { disk, fileUrl } from '../../lib/api';
import { VERSIONS_KEPT_BY_DEFAULT } from '../../lib/contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import type { UploadTarget } from '../../lib/uploads';
import { useRoute } from '../../routing';

/**
 * A file's versions (spec §9: the last 3 kept unless the file says otherwise), newest first: each can be downloaded,
 * an older one restored (it becomes the newest, as a copy); a new version is uploaded from here.
 */
export function VersionsModal({ opened, onClose, doc }: { opened: boolean; onClose: () => void; doc: CloudFileDoc }) {
  const { t, i18n } = useTranslation('disk');
  const { accountId } = useRoute();
  const versions = useVersions(accountId, opened ? doc._id : undefined);
  const invalidate = useInvalidate();
  const uploads = useUploads();
  const restore = useMutation({
    mutationFn: (version: number) => disk.restoreVersion(accountId, doc._id, version),
    onSuccess: () => invalidate(),
  });
  const lang = i18n.language;
  const kept = doc.max_versions ?? VERSIONS_KEPT_BY_DEFAULT;
  const ofThisFile = (target: UploadTarget) => 'fileId' in target && target.fileId === doc._id;
  // the picker forgets each choice: the same file picked again (edited, or not) is a new version, not a non-event (a
  // file input fires no change when its file is chosen again)
  const resetPicker = useRef<() => void>(null);
  const pick = (file: File | null) => {
    resetPicker.current?.();
    if (file) uploads.add(accountId, [file], { fileId: doc._id });
  };
  return (
    <DiskModal opened={opened} onClose={onClose} title={t('versions.title', { name: doc.name })}>
      <Stack>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('versions.kept', { count: kept })}
          </Text>
          <FileButton onChange={pick} resetRef={resetPicker}>
            {(props) => (
              <Button size="xs" variant="light" {...props} data-testid="upload-version">
                {t('versions.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        <UploadPanel only={ofThisFile} />
        <ErrorBanner error={restore.error ?? versions.error} />
        {versions.isPending ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : !versions.data?.length ? (
          <Text c="dimmed">{t('versions.none')}</Text>
        ) : (
          <Stack gap="xs" data-testid="versions">
            {versions.data.map((v: FileVersion) => (
              <Paper key={v.version} withBorder radius="md" p="xs" data-testid="version-row">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {t('versions.version', { n: v.version })}
                      </Text>
                      {v.current && (
                        <Badge size="sm" variant="light">
                          {t('versions.current')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[formatBytes(v.size, lang), formatDateTime(v.created_at, lang), v.created_by?.label].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Anchor href={fileUrl(accountId, doc._id, { download: true, version: v.version })} download={doc.name} size="sm">
                      {t('actions.download')}
                    </Anchor>
                    {!v.current && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        loading={restore.isPending && restore.variables === v.version}
                        disabled={restore.isPending}
                        onClick={() => restore.mutate(v.version)}
                        aria-label={t('versions.restore_n', { n: v.version })}
                      >
                        {t('versions.restore')}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </DiskModal>
  );
}
