import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLabels, useSubscriptions, useUnreadCounts } from '../../hooks/reader';
import { labelUnread } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/** reader_labels (index): each label with how many subscriptions it holds and their unread items. */
export default function LabelsListPage() {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  const phone = usePhone();
  const labels = useLabels(accountId);
  const subscriptions = useSubscriptions(accountId);
  const unread = useUnreadCounts(accountId);
  const count = (id: string) => (subscriptions.data ?? []).filter((s) => s.reader_label_id === id).length;
  const itemsOf = (id: string) => `${accountPath(accountId, 'reader_items')}?label=${encodeURIComponent(id)}`;
  const list = (
    <QueryList query={labels} empty={t('labels.empty')}>
      {(rows) =>
        phone ? (
          <Stack gap="xs" data-testid="label-cards">
            {rows.map((l) => (
              <Paper key={l._id} withBorder radius="md" p="sm" data-testid="label-row">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={accountPath(accountId, 'reader_labels', l._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {l.name ?? l._id}
                  </Anchor>
                  <Anchor component={Link} to={itemsOf(l._id)} aria-label={t('subscriptions.unread_count', { count: labelUnread(l._id, subscriptions.data, unread.data) })}>
                    <Badge variant="light" tt="none">
                      {labelUnread(l._id, subscriptions.data, unread.data)}
                    </Badge>
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('labels.subscriptions', { count: count(l._id) })}
                </Text>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table striped highlightOnHover data-testid="labels-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th ta="right">{t('subscriptions.many')}</Table.Th>
                <Table.Th ta="right">{t('fields.unread')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l._id} data-testid="label-row">
                  <Table.Td>
                    <Anchor component={Link} to={accountPath(accountId, 'reader_labels', l._id)} style={{ overflowWrap: 'anywhere' }}>
                      {l.name ?? l._id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{count(l._id)}</Table.Td>
                  <Table.Td ta="right">
                    <Anchor component={Link} to={itemsOf(l._id)} size="sm">
                      {labelUnread(l._id, subscriptions.data, unread.data)}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      }
    </QueryList>
  );
  return (
    <Stack>
      <PageHeader
        title={t('labels.many')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'reader_labels', 'new')} size="xs">
            {t('common.new')}
          </Button>
        }
      />
      {phone || labels.error ? (
        list
      ) : (
        <Paper withBorder radius="md" p="xs">
          {list}
        </Paper>
      )}
    </Stack>
  );
}
