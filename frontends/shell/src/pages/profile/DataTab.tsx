import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@app/proto';
import { formatDate } from './profile-api';

/** The data tab: id, created and updated dates (per locale). */
export function DataTab({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.data.id'), user._id],
    [t('profile.data.created_at'), formatDate(user.created_at, i18n.language)],
    [t('profile.data.updated_at'), formatDate(user.updated_at, i18n.language)],
  ];
  return (
    <Card withBorder radius="md">
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
