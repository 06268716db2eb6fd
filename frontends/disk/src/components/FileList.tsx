import type { CloudFileDoc } from '@app/proto';
import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileUrl } from '../lib/api';
import { isFolder } from '../lib/contract';
import { folderSegments, previewKind, type Crumb } from '../lib/files';
import { formatBytes, formatDateTime } from '../lib/format';
import { accountPath } from '../routing';
import { DotsIcon, FileIcon, FolderIcon, StarIcon, UpIcon } from './icons';

export type RowAction = 'preview' | 'info' | 'edit' | 'versions' | 'move' | 'star' | 'trash';

interface ListProps {
  accountId: string;
  entries: CloudFileDoc[];
  /** the 'show ..' row's folder (the parent; id null: the root), absent at the root and in the starred list */
  up?: Crumb;
  onAction: (action: RowAction, doc: CloudFileDoc) => void;
}

/**
 * A listing: a table on wider screens, compact cards on a phone (the same rows, each with its menu), with the 'show ..'
 * row first inside a folder (spec §2: it stands for the parent folder).
 */
export function FileList(props: ListProps) {
  const phone = usePhone();
  const { t } = useTranslation('disk');
  const empty = (
    <Text c="dimmed" py="md" ta="center" data-testid="empty-list">
      {t('list.empty')}
    </Text>
  );
  if (!props.entries.length && !props.up) return empty;
  return (
    <>
      {phone ? <FileCards {...props} /> : <FileTable {...props} />}
      {!props.entries.length && empty}
    </>
  );
}

function FileTable({ accountId, entries, up, onAction }: ListProps) {
  const { t, i18n } = useTranslation('disk');
  return (
    <Table highlightOnHover verticalSpacing="xs" data-testid="file-table" style={{ tableLayout: 'fixed' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fields.name')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('fields.size')}
          </Table.Th>
          <Table.Th w={160}>{t('fields.updated_at')}</Table.Th>
          <Table.Th w={52}>
            <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {up && (
          <Table.Tr data-testid="up-row">
            <Table.Td colSpan={4}>
              <UpLink accountId={accountId} up={up} />
            </Table.Td>
          </Table.Tr>
        )}
        {entries.map((doc) => (
          <Table.Tr key={doc._id} data-testid="file-row" data-kind={doc.kind}>
            <Table.Td>
              <EntryName accountId={accountId} doc={doc} onAction={onAction} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" c="dimmed">
                {isFolder(doc.kind) ? '—' : formatBytes(doc.size, i18n.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {formatDateTime(doc.updated_at, i18n.language)}
              </Text>
            </Table.Td>
            <Table.Td>
              <RowMenu accountId={accountId} doc={doc} onAction={onAction} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function FileCards({ accountId, entries, up, onAction }: ListProps) {
  const { i18n } = useTranslation('disk');
  return (
    <Stack gap={6} data-testid="file-cards">
      {up && (
        <Paper withBorder radius="md" px="sm" py={8} data-testid="up-row">
          <UpLink accountId={accountId} up={up} />
        </Paper>
      )}
      {entries.map((doc) => (
        <Paper key={doc._id} withBorder radius="md" px="sm" py={8} data-testid="file-card" data-kind={doc.kind}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <EntryName accountId={accountId} doc={doc} onAction={onAction} />
              <Text size="xs" c="dimmed">
                {[isFolder(doc.kind) ? '' : formatBytes(doc.size, i18n.language), formatDateTime(doc.updated_at, i18n.language)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <RowMenu accountId={accountId} doc={doc} onAction={onAction} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function UpLink({ accountId, up }: { accountId: string; up: Crumb }) {
  const { t } = useTranslation('disk');
  return (
    <Anchor component={Link} to={accountPath(accountId, ...folderSegments(up.id))} aria-label={t('list.up', { name: up.name })} underline="never">
      <Group gap="xs" wrap="nowrap">
        <UpIcon />
        <Text fw={600}>..</Text>
        <Text size="sm" c="dimmed" truncate="end">
          {t('list.up', { name: up.name })}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The icon (in the entry's colour), the name (a folder's link, a file's preview or download), the star. */
function EntryName({ accountId, doc, onAction }: { accountId: string; doc: CloudFileDoc; onAction: ListProps['onAction'] }) {
  const { t } = useTranslation('disk');
  const dir = isFolder(doc.kind);
  const color = doc.color ? `var(--mantine-color-${doc.color}-6)` : dir ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-6)';
  const name = (
    <Text component="span" size="sm" fw={dir ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
      {doc.name}
    </Text>
  );
  let link;
  if (dir)
    link = (
      <Anchor component={Link} to={accountPath(accountId, ...folderSegments(doc._id))} c="inherit" data-testid="entry-link">
        {name}
      </Anchor>
    );
  else if (previewKind(doc))
    link = (
      <UnstyledButton onClick={() => onAction('preview', doc)} data-testid="entry-link" title={t('actions.preview')} style={{ textAlign: 'left' }}>
        {name}
      </UnstyledButton>
    );
  else
    link = (
      <Anchor href={fileUrl(accountId, doc._id, { download: true })} download={doc.name} c="inherit" data-testid="entry-link">
        {name}
      </Anchor>
    );
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {dir ? <FolderIcon color={color} filled={!!doc.color} /> : <FileIcon color={color} />}
      <span style={{ minWidth: 0 }}>{link}</span>
      {doc.starred && (
        <span data-testid="starred-mark">
          <StarIcon size={16} filled color="var(--mantine-color-yellow-6)" />
          <VisuallyHidden>{t('fields.starred')}</VisuallyHidden>
        </span>
      )}
    </Group>
  );
}

/** Everything one can do with an entry, in a menu reachable on a phone too. */
export function RowMenu({ accountId, doc, onAction }: { accountId: string; doc: CloudFileDoc; onAction: ListProps['onAction'] }) {
  const { t } = useTranslation('disk');
  const dir = isFolder(doc.kind);
  const item = (action: RowAction, label: string) => (
    <Menu.Item onClick={() => onAction(action, doc)} data-testid={`action-${action}`}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('list.menu', { name: doc.name })} data-testid="row-menu">
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!dir && previewKind(doc) && item('preview', t('actions.preview'))}
        {!dir && (
          <Menu.Item component="a" href={fileUrl(accountId, doc._id, { download: true })} download={doc.name} data-testid="action-download">
            {t('actions.download')}
          </Menu.Item>
        )}
        {item('info', t('actions.info'))}
        {item('edit', t('actions.edit'))}
        {item('star', doc.starred ? t('actions.unstar') : t('actions.star'))}
        {!dir && item('versions', t('actions.versions'))}
        {item('move', t('actions.move'))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => onAction('trash', doc)} data-testid="action-trash">
          {t('actions.trash')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
