import type { CloudFileDoc, PersonRef } from '@app/proto';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DiskModal } from '../../components/DiskModal';
import { isFolder, VERSIONS_KEPT_BY_DEFAULT } from '../../lib/contract';
import { formatBytes, formatCount, formatDateTime } from '../../lib/format';

/** Info of a file or folder: its size (decimal units), kind, who made it and when, the last change, versions kept. */
export function InfoModal({ opened, onClose, doc }: { opened: boolean; onClose: () => void; doc: CloudFileDoc }) {
  const { t, i18n } = useTranslation('disk');
  const lang = i18n.language;
  const dir = isFolder(doc.kind);
  // who made it, as the service stamped it on the document (the full name, else the masked address): a member who
  // may not list the group's members reads it too, and it stays after the maker leaves
  const who = (doc as CloudFileDoc & { user?: PersonRef | null }).user?.label ?? '';
  const rows: Array<[string, ReactNode]> = [
    [t('fields.name'), doc.name],
    [t('fields.kind'), t(`kinds.${doc.kind ?? 'file'}`)],
    ...(!dir
      ? ([
          [t('fields.size'), `${formatBytes(doc.size, lang)}${(doc.size ?? 0) >= 1000 ? ` (${t('info.bytes', { count: doc.size ?? 0, formatted: formatCount(doc.size ?? 0, lang) })})` : ''}`],
          [t('fields.content_type'), doc.content_type || '—'],
          [t('fields.version'), doc.version ?? '—'],
          [t('fields.max_versions'), doc.max_versions ?? t('info.default_versions', { count: VERSIONS_KEPT_BY_DEFAULT })],
        ] as Array<[string, ReactNode]>)
      : []),
    [t('fields.created'), who ? t('info.by_at', { who, at: formatDateTime(doc.created_at, lang) }) : formatDateTime(doc.created_at, lang)],
    [t('fields.updated_at'), formatDateTime(doc.updated_at, lang)],
    ...(doc.modified_at && !dir ? ([[t('fields.modified_at'), formatDateTime(doc.modified_at, lang)]] as Array<[string, ReactNode]>) : []),
    ...(doc.description ? ([[t('fields.description'), <Text key="d" size="sm" style={{ whiteSpace: 'pre-wrap' }}>{doc.description}</Text>]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <DiskModal opened={opened} onClose={onClose} title={t('info.title')}>
      <Table variant="vertical" layout="fixed" withTableBorder data-testid="file-info">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DiskModal>
  );
}
