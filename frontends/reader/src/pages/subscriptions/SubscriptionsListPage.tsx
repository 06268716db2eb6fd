import type { ReaderLabelDoc, ReaderSubscriptionDoc } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRefresh } from '../../hooks/actions';
import { useLabels, useSubscriptions, useUnreadCounts } from '../../hooks/reader';
import { formatDateTime } from '../../lib/dates';
import { subscriptionName } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { OpmlButtons, OpmlOutcome, useOpml } from './OpmlButtons';
import { ErrorBanner, PageHeader, QueryList } from '@app/module-kit';

/** Active subscriptions first, then by name. */
export const subscriptionOrder = (a: ReaderSubscriptionDoc, b: ReaderSubscriptionDoc) =>
  Number(b.active !== false) - Number(a.active !== false) || subscriptionName(a).localeCompare(subscriptionName(b));

/** A subscription's state as badges: inactive, and failing (its error count) when the last fetches failed. */
export function SubscriptionBadges({ sub }: { sub: ReaderSubscriptionDoc }) {
  const { t } = useTranslation('reader');
  return (
    <>
      {sub.active === false && (
        <Badge size="xs" variant="light" color="gray" tt="none">
          {t('status.inactive')}
        </Badge>
      )}
      {(sub.error_count ?? 0) > 0 && (
        <Badge size="xs" variant="light" color="red" tt="none" title={sub.last_error ?? undefined} data-testid="subscription-failing">
          {t('status.failing', { count: sub.error_count ?? 0 })}
        </Badge>
      )}
    </>
  );
}

/**
 * reader_subscriptions (index): each subscription's title, label, unread count (the `unread` view), last check or last
 * error; new, refresh all, OPML import and export. A table, or on a phone a column of cards.
 */
export default function SubscriptionsListPage() {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  const phone = usePhone();
  const subscriptions = useSubscriptions(accountId);
  const labels = useLabels(accountId);
  const unread = useUnreadCounts(accountId);
  const refresh = useRefresh(accountId);
  const opml = useOpml(accountId);
  const labelById = new Map((labels.data ?? []).map((l) => [l._id, l]));
  const query = { ...subscriptions, data: subscriptions.data ? [...subscriptions.data].sort(subscriptionOrder) : undefined };
  const props = { labelById, unread: unread.data };
  return (
    <Stack>
      <PageHeader
        title={t('subscriptions.many')}
        actions={
          <>
            <Button component={Link} to={accountPath(accountId, 'reader_subscriptions', 'new')} size="xs">
              {t('common.new')}
            </Button>
            <Button size="xs" variant="default" onClick={() => refresh.mutate('all')} loading={refresh.isPending} data-testid="refresh-all">
              {t('subscriptions.refresh_all')}
            </Button>
            <OpmlButtons opml={opml} />
          </>
        }
      />
      <OpmlOutcome opml={opml} />
      {refresh.isSuccess && (
        <Text size="sm" c="blue" data-testid="refresh-queued">
          {t('subscriptions.refresh_queued_all')}
        </Text>
      )}
      <ErrorBanner error={refresh.error ?? unread.error} />
      {phone || query.error ? (
        <QueryList query={query} empty={t('subscriptions.empty')}>
          {(rows) => (phone ? <SubscriptionCards subs={rows} {...props} /> : <SubscriptionTable subs={rows} {...props} />)}
        </QueryList>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <QueryList query={query} empty={t('subscriptions.empty')}>
            {(rows) => <SubscriptionTable subs={rows} {...props} />}
          </QueryList>
        </Paper>
      )}
    </Stack>
  );
}

interface RowsProps {
  subs: ReaderSubscriptionDoc[];
  labelById: Map<string, ReaderLabelDoc>;
  unread: Map<string, number> | undefined;
}

function LastCheck({ sub }: { sub: ReaderSubscriptionDoc }) {
  const { t, i18n } = useTranslation('reader');
  if (sub.last_error && (sub.error_count ?? 0) > 0)
    return (
      <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="subscription-error">
        {sub.last_error}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      {sub.checked_at ? formatDateTime(sub.checked_at, i18n.language) : t('subscriptions.never_checked')}
    </Text>
  );
}

function SubscriptionTable({ subs, labelById, unread }: RowsProps) {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="subscriptions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.title')}</Table.Th>
            <Table.Th>{t('fields.label')}</Table.Th>
            <Table.Th ta="right">{t('fields.unread')}</Table.Th>
            <Table.Th>{t('fields.last_check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subs.map((s) => (
            <Table.Tr key={s._id} data-testid="subscription-row" style={s.active === false ? { opacity: 0.65 } : undefined}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={accountPath(accountId, 'reader_subscriptions', s._id)} style={{ overflowWrap: 'anywhere' }}>
                    {subscriptionName(s)}
                  </Anchor>
                  <SubscriptionBadges sub={s} />
                </Group>
              </Table.Td>
              <Table.Td>
                {s.reader_label_id && labelById.get(s.reader_label_id) ? (
                  <Anchor component={Link} to={accountPath(accountId, 'reader_labels', s.reader_label_id)} size="sm">
                    {labelById.get(s.reader_label_id)!.name}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('common.none')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" data-testid="subscription-unread">
                <Anchor component={Link} to={`${accountPath(accountId, 'reader_items')}?subscription=${encodeURIComponent(s._id)}`} size="sm">
                  {unread?.get(s._id) ?? 0}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <LastCheck sub={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SubscriptionCards({ subs, labelById, unread }: RowsProps) {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  return (
    <Stack gap="xs" data-testid="subscription-cards">
      {subs.map((s) => (
        <Paper key={s._id} withBorder radius="md" p="sm" data-testid="subscription-row" style={s.active === false ? { opacity: 0.65 } : undefined}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
              <Anchor component={Link} to={accountPath(accountId, 'reader_subscriptions', s._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {subscriptionName(s)}
              </Anchor>
              <SubscriptionBadges sub={s} />
            </Group>
            <Anchor component={Link} to={`${accountPath(accountId, 'reader_items')}?subscription=${encodeURIComponent(s._id)}`} data-testid="subscription-unread" aria-label={t('subscriptions.unread_count', { count: unread?.get(s._id) ?? 0 })}>
              <Badge variant="light" tt="none">
                {unread?.get(s._id) ?? 0}
              </Badge>
            </Anchor>
          </Group>
          {s.reader_label_id && labelById.get(s.reader_label_id) && (
            <Text size="sm" c="dimmed">
              {labelById.get(s.reader_label_id)!.name}
            </Text>
          )}
          <LastCheck sub={s} />
        </Paper>
      ))}
    </Stack>
  );
}
