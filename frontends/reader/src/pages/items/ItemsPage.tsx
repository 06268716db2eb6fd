import { Badge, Button, CloseButton, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Feed } from '../../components/feed/Feed';
import { MarkReadOnOpenSwitch } from '../../components/feed/MarkReadOnOpenSwitch';
import { useMarkAllRead, useRefresh } from '../../hooks/actions';
import { useLabels, useSubscriptions } from '../../hooks/reader';
import { subscriptionName } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * reader_items (index): the feed, of every subscription, or of one subscription (?subscription=rsb-…) or label
 * (?label=rlb-…) when reached from their screens; the filter shows as a badge that removes it. Refresh all and mark
 * all read act on what is shown.
 */
export default function ItemsPage() {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  const [search] = useSearchParams();
  const subscriptionId = search.get('subscription');
  const labelId = subscriptionId ? null : search.get('label');
  const subscriptions = useSubscriptions(accountId);
  const labels = useLabels(accountId);
  const refresh = useRefresh(accountId);
  const markAll = useMarkAllRead(accountId);
  const [confirming, setConfirming] = useState(false);
  const subscription = subscriptionId ? subscriptions.data?.find((s) => s._id === subscriptionId) : undefined;
  const label = labelId ? labels.data?.find((l) => l._id === labelId) : undefined;
  const scope = subscriptionId ? subscriptionName(subscription) || subscriptionId : labelId ? (label?.name ?? labelId) : null;
  const target = subscriptionId ?? labelId ?? 'all';
  return (
    <Stack>
      <PageHeader
        title={t('items.title')}
        badge={
          scope && (
            <Badge variant="light" tt="none" size="lg" rightSection={<CloseButton size="xs" component={Link} to={accountPath(accountId, 'reader_items')} aria-label={t('items.clear_filter')} />} data-testid="feed-scope">
              {t(subscriptionId ? 'items.of_subscription' : 'items.of_label', { name: scope })}
            </Badge>
          )
        }
        actions={
          <>
            <Button size="xs" variant="default" onClick={() => refresh.mutate(subscriptionId ?? 'all')} loading={refresh.isPending}>
              {t(subscriptionId ? 'subscriptions.refresh' : 'subscriptions.refresh_all')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              {t('items.mark_all_read')}
            </Button>
          </>
        }
      />
      {refresh.isSuccess && (
        <Group>
          <Badge color="blue" variant="light" tt="none" data-testid="refresh-queued">
            {t('subscriptions.refresh_queued')}
          </Badge>
        </Group>
      )}
      <ErrorBanner error={refresh.error} />
      <MarkReadOnOpenSwitch />
      <Feed key={target} accountId={accountId} subscriptionId={subscriptionId} labelId={labelId} />
      <DeleteDialog
        opened={confirming}
        name={scope ?? ''}
        title={t('items.mark_all_read_title')}
        message={scope ? t('items.mark_all_read_scope', { name: scope }) : t('items.mark_all_read_everything')}
        confirmLabel={t('items.mark_all_read')}
        onConfirm={() => markAll.mutateAsync(target)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
