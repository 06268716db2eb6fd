import type { ReaderLabelDoc } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkAllRead } from '../../hooks/actions';
import { useLabel, useSubscriptions, useUnreadCounts } from '../../hooks/reader';
import { docs } from '../../lib/api';
import { labelUnread, subscriptionName } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { DeleteDialog, PageHeader, RecordPending, useDeleteRecord } from '@app/module-kit';

/** reader_labels/:id (show): its subscriptions with their unread counts; its items, mark all read, edit and delete. */
export default function LabelShowPage() {
  const { t } = useTranslation('reader');
  const { accountId, recordId } = useRoute();
  const label = useLabel(accountId, recordId);
  const subscriptions = useSubscriptions(accountId);
  const unread = useUnreadCounts(accountId);
  const markAll = useMarkAllRead(accountId);
  const [dialog, setDialog] = useState<'delete' | 'read' | null>(null);
  const remove = useDeleteRecord((doc: ReaderLabelDoc) => docs.remove(accountId, doc._id, doc._rev), accountPath(accountId, 'reader_labels'));
  const back = { to: accountPath(accountId, 'reader_labels'), label: t('labels.many') };
  if (!label.data) return <RecordPending query={label} title={t('labels.one')} back={back} />;
  const doc = label.data;
  const name = doc.name ?? doc._id;
  const subs = (subscriptions.data ?? []).filter((s) => s.reader_label_id === doc._id);
  return (
    <Stack>
      <PageHeader
        title={name}
        back={back}
        badge={
          <Badge variant="light" tt="none" data-testid="label-unread">
            {t('subscriptions.unread_count', { count: labelUnread(doc._id, subscriptions.data, unread.data) })}
          </Badge>
        }
        actions={
          <>
            <Button component={Link} to={`${accountPath(accountId, 'reader_items')}?label=${encodeURIComponent(doc._id)}`} size="xs" data-testid="label-items">
              {t('labels.read_items')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('read')}>
              {t('items.mark_all_read')}
            </Button>
            <Button component={Link} to={accountPath(accountId, 'reader_labels', doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDialog('delete')}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={3} size="h5">
            {t('subscriptions.many')}
          </Title>
          <Anchor component={Link} to={`${accountPath(accountId, 'reader_subscriptions', 'new')}?label=${encodeURIComponent(doc._id)}`} size="sm">
            {t('labels.add_subscription')}
          </Anchor>
        </Group>
        {subs.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('labels.no_subscriptions')}
          </Text>
        ) : (
          <Stack gap={4} data-testid="label-subscriptions">
            {subs.map((s) => (
              <Group key={s._id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={accountPath(accountId, 'reader_subscriptions', s._id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {subscriptionName(s)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {unread.data?.get(s._id) ?? 0}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      <DeleteDialog
        opened={dialog === 'delete'}
        name={name}
        title={t('labels.delete_title')}
        onConfirm={() => remove.mutateAsync(doc)}
        onClose={() => setDialog(null)}
      />
      <DeleteDialog
        opened={dialog === 'read'}
        name={name}
        title={t('items.mark_all_read_title')}
        message={t('items.mark_all_read_scope', { name })}
        confirmLabel={t('items.mark_all_read')}
        onConfirm={() => markAll.mutateAsync(doc._id)}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
