import type { ReaderSubscriptionDoc } from '@app/proto';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Fields } from '../../components/Fields';
import { useMarkAllRead, useRefresh } from '../../hooks/actions';
import { useInvalidate } from '../../hooks/invalidate';
import { useLabels, useSubscription, useUnreadCounts } from '../../hooks/reader';
import { docs } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { subscriptionName } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { SubscriptionBadges } from './SubscriptionsListPage';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

const link = (url: string | null | undefined) =>
  url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {url}
    </Anchor>
  ) : null;

/**
 * reader_subscriptions/:id (show): its addresses, label, unread count and what the last fetches did (last check, next
 * check, errors in a row and the last one); its items, refresh now, mark all read, edit and delete.
 */
export default function SubscriptionShowPage() {
  const { t, i18n } = useTranslation('reader');
  const { accountId, recordId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const sub = useSubscription(accountId, recordId);
  const labels = useLabels(accountId);
  const unread = useUnreadCounts(accountId);
  const refresh = useRefresh(accountId);
  const markAll = useMarkAllRead(accountId);
  const [dialog, setDialog] = useState<'delete' | 'read' | null>(null);
  const remove = useMutation({
    mutationFn: (doc: ReaderSubscriptionDoc) => docs.remove(accountId, doc._id, doc._rev),
    onSuccess: async () => {
      await invalidate();
      navigate(accountPath(accountId, 'reader_subscriptions'));
    },
  });
  const back = { to: accountPath(accountId, 'reader_subscriptions'), label: t('subscriptions.many') };
  if (sub.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!sub.data)
    return (
      <Stack>
        <PageHeader title={t('subscriptions.one')} back={back} />
        <ErrorBanner error={sub.error} onRetry={() => void sub.refetch()} retrying={sub.isFetching} />
      </Stack>
    );
  const doc = sub.data;
  const name = subscriptionName(doc);
  const lang = i18n.language;
  const label = doc.reader_label_id ? labels.data?.find((l) => l._id === doc.reader_label_id) : undefined;
  const none = t('common.none');
  const fields: Array<[string, ReactNode]> = [
    ['url', link(doc.url)],
    ['website_url', link(doc.website_url) ?? none],
    // where the last fetch ended up, when redirects took it elsewhere than the address
    ...(doc.feed_url && doc.feed_url !== doc.url ? ([['feed_url', link(doc.feed_url)]] as Array<[string, ReactNode]>) : []),
    // a feed behind HTTP Basic: whom it signs in as (the service never shows the password, and the address has none)
    ...(doc.basic_auth_user ? ([['basic_auth_user', doc.basic_auth_user]] as Array<[string, ReactNode]>) : []),
    [
      'label',
      doc.reader_label_id ? (
        <Anchor component={Link} to={accountPath(accountId, 'reader_labels', doc.reader_label_id)} size="sm">
          {label?.name ?? doc.reader_label_id}
        </Anchor>
      ) : (
        none
      ),
    ],
    ['unread', String(unread.data?.get(doc._id) ?? 0)],
    ['active', t(doc.active === false ? 'common.no' : 'common.yes')],
    ['checked_at', doc.checked_at ? formatDateTime(doc.checked_at, lang) : t('subscriptions.never_checked')],
    ['next_check_at', doc.next_check_at ? formatDateTime(doc.next_check_at, lang) : none],
    ['error_count', String(doc.error_count ?? 0)],
    ...(doc.blocked_until && Date.parse(doc.blocked_until) > Date.now() ? ([['blocked_until', formatDateTime(doc.blocked_until, lang)]] as Array<[string, ReactNode]>) : []),
    ...(doc.last_error ? ([['last_error', <Text key="e" size="sm" c="red">{doc.last_error}</Text>]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <Stack>
      <PageHeader
        title={name}
        back={back}
        badge={<SubscriptionBadges sub={doc} />}
        actions={
          <>
            <Button component={Link} to={`${accountPath(accountId, 'reader_items')}?subscription=${encodeURIComponent(doc._id)}`} size="xs" data-testid="subscription-items">
              {t('subscriptions.read_items')}
            </Button>
            <Button size="xs" variant="default" onClick={() => refresh.mutate(doc._id)} loading={refresh.isPending}>
              {t('subscriptions.refresh')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('read')}>
              {t('items.mark_all_read')}
            </Button>
            <Button component={Link} to={accountPath(accountId, 'reader_subscriptions', doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDialog('delete')}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      {refresh.isSuccess && (
        <Text size="sm" c="blue" data-testid="refresh-queued">
          {t('subscriptions.refresh_queued')}
        </Text>
      )}
      <ErrorBanner error={refresh.error} />
      <Paper withBorder radius="md" p="md">
        <Fields items={fields} testid="subscription-fields" />
      </Paper>
      <DeleteDialog
        opened={dialog === 'delete'}
        name={name}
        title={t('subscriptions.delete_title')}
        message={t('subscriptions.delete_message', { name })}
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
