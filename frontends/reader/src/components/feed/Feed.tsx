import { ActionIcon, Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { usePhone } from '@app/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '../../hooks/flash';
import { useFeedPage, useItemStatus, useMarkReadOnOpen } from '../../hooks/reader';
import { reader, type FeedItem } from '../../lib/api';
import { DEFAULT_READ, DEFAULT_STAR, READS, STARS, type ReadFilter, type StarFilter } from '../../lib/contract';
import { hasNextPage } from '../../lib/pagination';
import { moveSelection, shortcutFor, type ShortcutAction } from '../../lib/shortcuts';
import { accountPath } from '../../routing';
import { KeyboardIcon, RefreshIcon } from '../icons';
import { FeedLine } from './FeedLine';
import { FeedPager } from './FeedPager';
import { ShortcutsHelp } from './ShortcutsHelp';
import { ErrorBanner } from '@app/module-kit';

export interface FeedProps {
  accountId: string;
  /** only this subscription's items */
  subscriptionId?: string | null;
  /** only the items of this label's subscriptions */
  labelId?: string | null;
}

/**
 * The feed (spec §2): the read filter (unread, read, all; unread first) and the starred filter (all, starred,
 * unstarred), a page of 10 items newest first, the pager, and on each item the toggles of read and starred, its content
 * shown or hidden (a highlight flashes on the line after it closes), the item in a new window and the original
 * article. Opening an item marks it read when the user's setting says so. The keys of lib/shortcuts.ts work on the
 * selected item (j/k move the selection).
 */
export function Feed({ accountId, subscriptionId, labelId }: FeedProps) {
  const { t } = useTranslation('reader');
  const phone = usePhone();
  const [read, setRead] = useState<ReadFilter>(DEFAULT_READ);
  const [star, setStar] = useState<StarFilter>(DEFAULT_STAR);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState(-1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [help, setHelp] = useState(false);
  const { flashing, flash } = useFlash();
  const markReadOnOpen = useMarkReadOnOpen().on;
  const query = useFeedPage(accountId, { read, star, page, subscriptionId: subscriptionId ?? null, labelId: labelId ?? null });
  const items = useMemo(() => query.data ?? [], [query.data]);
  const status = useItemStatus(accountId);
  const refreshAll = useMutation({ mutationFn: () => reader.refresh(accountId, 'all') });
  const lines = useRef(new Map<string, HTMLDivElement>());
  const top = useRef<HTMLDivElement>(null);

  const goTo = (next: number) => {
    setPage(Math.max(0, next));
    setSelected(-1);
    setExpanded(new Set());
    top.current?.scrollIntoView({ block: 'nearest' });
  };
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    goTo(0);
  };

  const markOpened = useCallback(
    (item: FeedItem) => {
      if (markReadOnOpen && !item.read) status.mutate({ id: item._id, update: 'read' });
    },
    [markReadOnOpen, status],
  );
  const toggleContent = useCallback(
    (item: FeedItem) => {
      const open = expanded.has(item._id);
      const next = new Set(expanded);
      if (open) {
        next.delete(item._id);
        flash(item._id);
      } else {
        next.add(item._id);
        markOpened(item);
      }
      setExpanded(next);
    },
    [expanded, flash, markOpened],
  );
  const itemHref = (item: FeedItem) => accountPath(accountId, 'reader_items', item._id);

  const act = useCallback(
    (action: ShortcutAction) => {
      const item = items[selected] as FeedItem | undefined;
      switch (action) {
        case 'next':
        case 'previous':
          setSelected((i) => moveSelection(i, items.length, action));
          return;
        case 'nextPage':
          if (hasNextPage(items.length)) goTo(page + 1);
          return;
        case 'previousPage':
          if (page > 0) goTo(page - 1);
          return;
        case 'reload':
          void query.refetch();
          return;
        case 'refreshAll':
          refreshAll.mutate();
          return;
        case 'help':
          setHelp(true);
          return;
      }
      if (!item) return;
      if (action === 'toggle') toggleContent(item);
      else if (action === 'read') status.mutate({ id: item._id, update: item.read ? 'unread' : 'read' });
      else if (action === 'star') status.mutate({ id: item._id, update: item.starred ? 'unstar' : 'star' });
      else if (action === 'openWindow') {
        // this app's page: with its opener, so the new window keeps the session's storage (the reader module)
        window.open(itemHref(item), '_blank');
        markOpened(item);
      } else if (action === 'original' && item.url) {
        window.open(item.url, '_blank', 'noopener,noreferrer');
        markOpened(item);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, selected, page, toggleContent, markOpened, status, query, refreshAll],
  );

  // the keys, while no dialog is open (the help dialog closes with Escape)
  useEffect(() => {
    if (help) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, help]);

  // the selected line stays in sight
  useEffect(() => {
    const item = items[selected];
    if (item) lines.current.get(item._id)?.scrollIntoView({ block: 'nearest' });
  }, [selected, items]);

  return (
    <Stack gap="sm" data-testid="feed" ref={top}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ flex: phone ? '1 1 100%' : undefined }}>
          <SegmentedControl
            size="xs"
            value={read}
            onChange={(v) => filter(setRead)(v as ReadFilter)}
            data={READS.map((value) => ({ value, label: t(`feed.read_filter.${value}`) }))}
            aria-label={t('feed.read_filter_label')}
            data-testid="filter-read"
            fullWidth={phone}
            style={phone ? { flex: '1 1 100%' } : undefined}
          />
          <SegmentedControl
            size="xs"
            value={star}
            onChange={(v) => filter(setStar)(v as StarFilter)}
            data={STARS.map((value) => ({ value, label: t(`feed.star_filter.${value}`) }))}
            aria-label={t('feed.star_filter_label')}
            data-testid="filter-star"
            fullWidth={phone}
            style={phone ? { flex: '1 1 100%' } : undefined}
          />
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('feed.reload')} title={t('feed.reload')} onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshIcon />
          </ActionIcon>
          {/* a phone has no keys to press */}
          {!phone && (
            <ActionIcon variant="default" size="lg" aria-label={t('shortcuts.title')} title={t('shortcuts.title')} onClick={() => setHelp(true)}>
              <KeyboardIcon />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {refreshAll.isSuccess && (
        <Alert color="blue" variant="light" withCloseButton onClose={() => refreshAll.reset()} data-testid="refresh-queued">
          {t('subscriptions.refresh_queued_all')}
        </Alert>
      )}
      <ErrorBanner error={refreshAll.error ?? status.error} />
      {query.error ? (
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="feed-empty">
          {page > 0 ? t('feed.empty_page') : t(`feed.empty.${read}`)}
        </Text>
      ) : (
        <Stack gap={6} data-testid="feed-items">
          {items.map((item, i) => (
            <FeedLine
              key={item._id}
              ref={(el) => {
                if (el) lines.current.set(item._id, el);
                else lines.current.delete(item._id);
              }}
              accountId={accountId}
              item={item}
              href={itemHref(item)}
              selected={i === selected}
              expanded={expanded.has(item._id)}
              flashing={flashing === item._id}
              phone={phone}
              onSelect={() => setSelected(i)}
              onToggleContent={() => toggleContent(item)}
              onToggleRead={() => status.mutate({ id: item._id, update: item.read ? 'unread' : 'read' })}
              onToggleStar={() => status.mutate({ id: item._id, update: item.starred ? 'unstar' : 'star' })}
              onOpenWindow={() => markOpened(item)}
              onOriginal={() => markOpened(item)}
            />
          ))}
        </Stack>
      )}
      {!query.isPending && !query.error && <FeedPager page={page} count={items.length} onPage={goTo} />}
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
