import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemContent } from '../../components/feed/ItemContent';
import { useItem, useItemStatus, useMarkReadOnOpen } from '../../hooks/reader';
import { formatPointAt } from '../../lib/dates';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * reader_items/:id (show): the item whole, its subscription and date, read/unread and star, the original article.
 * Opened unread, it is marked read when the user's setting says so (once: "Mark as unread" afterwards sticks).
 */
export default function ItemShowPage() {
  const { t, i18n } = useTranslation('reader');
  const { accountId, recordId } = useRoute();
  const item = useItem(accountId, recordId);
  const status = useItemStatus(accountId);
  const { on: markReadOnOpen, ready } = useMarkReadOnOpen();
  const marked = useRef(false);
  const doc = item.data;
  useEffect(() => {
    if (!doc || !ready || marked.current) return;
    marked.current = true;
    if (markReadOnOpen && !doc.read) status.mutate({ id: doc._id, update: 'read' });
  }, [doc, ready, markReadOnOpen, status]);
  const back = { to: accountPath(accountId, 'reader_items'), label: t('items.title') };
  if (item.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!doc)
    return (
      <Stack>
        <PageHeader title={t('items.one')} back={back} />
        <ErrorBanner error={item.error} onRetry={() => void item.refetch()} retrying={item.isFetching} />
      </Stack>
    );
  const sub = doc.reader_subscription;
  return (
    <Stack>
      <PageHeader
        title={doc.title?.trim() || doc.url || t('items.untitled')}
        back={back}
        actions={
          <>
            <Button size="xs" variant="default" onClick={() => status.mutate({ id: doc._id, update: doc.read ? 'unread' : 'read' })} data-testid="item-read-toggle">
              {t(doc.read ? 'items.mark_unread' : 'items.mark_read')}
            </Button>
            <Button size="xs" variant={doc.starred ? 'light' : 'default'} color={doc.starred ? 'yellow' : undefined} aria-pressed={doc.starred} onClick={() => status.mutate({ id: doc._id, update: doc.starred ? 'unstar' : 'star' })}>
              {t(doc.starred ? 'items.unstar' : 'items.star')}
            </Button>
            {doc.url && (
              <Button size="xs" variant="default" component="a" href={doc.url} target="_blank" rel="noopener noreferrer">
                {t('items.original')}
              </Button>
            )}
          </>
        }
      />
      <ErrorBanner error={status.error} />
      <Group gap="xs" wrap="wrap">
        {sub?._id && (
          <Anchor component={Link} to={accountPath(accountId, 'reader_subscriptions', sub._id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {sub.title || sub._id}
          </Anchor>
        )}
        {sub?.label && (
          <Badge size="sm" variant="light" tt="none">
            {sub.label}
          </Badge>
        )}
        <Text size="sm" c="dimmed" data-testid="item-date">
          {formatPointAt(doc.point_at, i18n.language)}
        </Text>
        <Badge size="sm" variant="light" color={doc.read ? 'gray' : 'blue'} tt="none" data-testid="item-status">
          {t(doc.read ? 'items.read' : 'items.unread')}
        </Badge>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <ItemContent accountId={accountId} id={doc._id} />
      </Paper>
    </Stack>
  );
}
