import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeResult } from '@app/proto';
import { formatDateTime } from '../../pages/account/format-date';

/**
 * The recent-changes timeline (spec §2): action, model, the record's label (or id) and the updated time; a deleted
 * record shows only its id. Below the sm breakpoint the model moves under the action and the time wraps, so a phone
 * needs no sideways scroll.
 */
export function Timeline({ changes }: { changes: ChangeResult[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table striped layout="fixed" verticalSpacing={6} horizontalSpacing="xs">
      <Table.Tbody>
        {changes.map((c) => {
          const deleted = !!c.deleted || !c.doc;
          return (
            <Table.Tr key={c.seq} data-deleted={deleted || undefined}>
              <Table.Td w={{ base: '28%', sm: '16%' }}>
                <Text size="sm">{t(`account.action.${c.action}`, { defaultValue: c.action })}</Text>
                <Text size="xs" c="dimmed" truncate="end" hiddenFrom="sm" title={c.klass}>
                  {c.klass}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" w="20%">
                <Text size="sm" truncate="end" title={c.klass}>
                  {c.klass}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate="end" title={deleted ? c.id : c.doc?.label || c.id}>
                  {deleted ? c.id : c.doc?.label || c.id}
                </Text>
              </Table.Td>
              <Table.Td w={{ base: '30%', sm: '22%' }}>
                <Text size="sm" c="dimmed">
                  {deleted ? '' : formatDateTime(c.doc?.updated_at, i18n.language)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
