import type { CloudFileDoc } from '@app/proto';
import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, FileButton, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@app/ui';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FileList, type RowAction } from '../../components/FileList';
import { UploadPanel } from '../../components/UploadPanel';
import { UsageLine } from '../../components/UsageLine';
import { useListing, usePath } from '../../hooks/disk';
import { useInvalidate } from '../../hooks/invalidate';
import { useUploads } from '../../hooks/uploads';
import { disk } from '../../lib/api';
import { breadcrumb, folderSegments, parentOf, readSort, SORT_FIELDS, type Place, type SortField } from '../../lib/files';
import { accountPath, useRoute } from '../../routing';
import { DropZone } from './DropZone';
import { EditModal } from './EditModal';
import { InfoModal } from './InfoModal';
import { MoveModal } from './MoveModal';
import { NewFolderModal } from './NewFolderModal';
import { PreviewModal } from './PreviewModal';
import { VersionsModal } from './VersionsModal';

/** disk and disk/:dir_id (spec §2: the same screen): a folder's listing, the root's without a dir_id. */
export default function DiskPage() {
  const { dirId } = useRoute();
  return <Listing place={{ dirId: dirId ?? null }} />;
}

/** disk/starred: every starred file and folder, wherever it is. */
export function StarredPage() {
  return <Listing place={{ starred: true }} />;
}

type Dialog = { action: Exclude<RowAction, 'star' | 'trash'>; doc: CloudFileDoc } | { action: 'new-folder' } | null;

function Listing({ place }: { place: Place }) {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const [params, setParams] = useSearchParams();
  const sort = readSort(params);
  const inFolder = 'dirId' in place;
  const dirId = inFolder ? place.dirId : null;
  const listing = useListing(accountId, place, sort);
  const path = usePath(accountId, dirId);
  const crumbs = breadcrumb(path.data ?? [], t('nav.files'));
  const up = inFolder && dirId ? (parentOf(crumbs) ?? { id: null, name: t('nav.files') }) : undefined;
  const here = inFolder ? crumbs[crumbs.length - 1] : undefined;
  const uploads = useUploads();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dropNote, setDropNote] = useState(false);

  const write = useMutation({
    mutationFn: ({ action, doc }: { action: 'star' | 'trash'; doc: CloudFileDoc }) =>
      action === 'star' ? disk.save(accountId, doc, { starred: !doc.starred }) : disk.trash(accountId, doc._id),
    onSuccess: () => invalidate(),
    // a 409: the row is stale; reload so the next try has the current revision
    onError: (err) => isApiError(err) && err.status === 409 && invalidate(),
  });

  const onAction = (action: RowAction, doc: CloudFileDoc) => {
    if (action === 'star' || action === 'trash') write.mutate({ action, doc });
    else setDialog({ action, doc });
  };
  // the picker forgets each choice, so the same files picked again upload again (as new versions)
  const resetPicker = useRef<() => void>(null);
  const upload = (files: File[]) => {
    resetPicker.current?.();
    setDropNote(false);
    if (files.length) uploads.add(accountId, files, { dirId });
  };
  const setSort = (field: SortField, direction: 'asc' | 'desc') =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (field === 'name' && direction === 'asc') {
          next.delete('sort');
          next.delete('dir');
        } else {
          next.set('sort', field);
          next.set('dir', direction);
        }
        return next;
      },
      { replace: true },
    );

  const title = inFolder ? (dirId ? (here?.id === dirId ? here.name : '') : t('nav.files')) : t('nav.starred');
  // a folder id the path view does not know (404, or no row for the folder itself): gone, or never was
  const notFound = !!dirId && ((isApiError(path.error) && path.error.status === 404) || (!!path.data && !path.data.some((p) => p.id === dirId)));
  return (
    <Stack gap="sm">
      {inFolder && dirId && (
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap', rowGap: 4 }} data-testid="breadcrumbs">
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 ? (
              <Text key={c.id ?? 'root'} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Text>
            ) : (
              <Anchor key={c.id ?? 'root'} component={Link} to={accountPath(accountId, ...folderSegments(c.id))} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="disk-title">
          {title || '\u00a0'}
        </Title>
        {inFolder && !notFound && (
          <Group gap="xs">
            <FileButton onChange={upload} multiple resetRef={resetPicker}>
              {(props) => (
                <Button size="xs" {...props} data-testid="upload-button">
                  {t('actions.upload')}
                </Button>
              )}
            </FileButton>
            <Button size="xs" variant="default" onClick={() => setDialog({ action: 'new-folder' })}>
              {t('actions.new_folder')}
            </Button>
          </Group>
        )}
      </Group>
      <UsageLine accountId={accountId} />
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          size="xs"
          w={170}
          label={t('sort.label')}
          data={SORT_FIELDS.map((f) => ({ value: f, label: t(`sort.${f}`) }))}
          value={sort.field}
          onChange={(v) => v && setSort(v as SortField, sort.direction)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <ActionIcon
          size="input-xs"
          variant="default"
          aria-label={sort.direction === 'asc' ? t('sort.asc') : t('sort.desc')}
          title={sort.direction === 'asc' ? t('sort.asc') : t('sort.desc')}
          onClick={() => setSort(sort.field, sort.direction === 'asc' ? 'desc' : 'asc')}
          data-testid="sort-direction"
        >
          {sort.direction === 'asc' ? '↑' : '↓'}
        </ActionIcon>
      </Group>
      <ErrorBanner error={write.error ?? listing.error ?? (notFound ? null : path.error)} />
      {notFound && (
        <Alert color="gray" data-testid="folder-missing">
          {t('list.folder_missing')}{' '}
          <Anchor component={Link} to={accountPath(accountId, 'disk')}>
            {t('nav.files')}
          </Anchor>
        </Alert>
      )}
      <UploadPanel />
      {dropNote && (
        <Alert color="yellow" withCloseButton onClose={() => setDropNote(false)}>
          {t('upload.no_folders')}
        </Alert>
      )}
      {!notFound && (
        <DropZone enabled={inFolder} onFiles={upload} onFolders={() => setDropNote(true)}>
          <Paper withBorder radius="md" p="xs">
            {listing.isPending ? (
              <Text c="dimmed">{t('common.loading')}</Text>
            ) : (
              <FileList accountId={accountId} entries={listing.data?.entries ?? []} up={up} onAction={onAction} />
            )}
            {listing.data?.truncated && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('list.truncated')}
              </Text>
            )}
          </Paper>
        </DropZone>
      )}
      <NewFolderModal opened={dialog?.action === 'new-folder'} onClose={() => setDialog(null)} dirId={dirId} />
      {dialog && 'doc' in dialog && (
        <>
          <PreviewModal opened={dialog.action === 'preview'} onClose={() => setDialog(null)} doc={dialog.doc} />
          <InfoModal opened={dialog.action === 'info'} onClose={() => setDialog(null)} doc={dialog.doc} />
          <EditModal opened={dialog.action === 'edit'} onClose={() => setDialog(null)} doc={dialog.doc} />
          <VersionsModal opened={dialog.action === 'versions'} onClose={() => setDialog(null)} doc={dialog.doc} />
          <MoveModal opened={dialog.action === 'move'} onClose={() => setDialog(null)} doc={dialog.doc} />
        </>
      )}
    </Stack>
  );
}
