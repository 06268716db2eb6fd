import { ActionIcon, Badge, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedItem } from '../../lib/api';
import { formatPointAt } from '../../lib/dates';
import { ChevronIcon, DotIcon, GlobeIcon, StarIcon, WindowIcon } from '../icons';
import { ItemContent } from './ItemContent';

export interface FeedLineProps {
  accountId: string;
  item: FeedItem;
  /**
   * the item's own page, opened in a new window: this app's, so with its opener (rel="opener": target _blank alone
   * means noopener), and the new window copies the session's storage, keeping the reader as the active module
   */
  href: string;
  selected: boolean;
  expanded: boolean;
  flashing: boolean;
  phone: boolean;
  onSelect: () => void;
  onToggleContent: () => void;
  onToggleRead: () => void;
  onToggleStar: () => void;
  onOpenWindow: () => void;
  onOriginal: () => void;
}

/**
 * One item of the feed (spec §2): its title (which shows or hides the content), its subscription and date ('MMM do
 * yyyy'), and the toggles: read/unread, starred, content, the item in a new window, the original article. On a phone
 * the buttons sit on a line of their own under the title.
 */
export const FeedLine = forwardRef<HTMLDivElement, FeedLineProps>(function FeedLine(p, ref) {
  const { t, i18n } = useTranslation('reader');
  const { item } = p;
  const title = item.title?.trim() || item.url || t('items.untitled');
  const source = item.reader_subscription?.title?.trim();
  const label = item.reader_subscription?.label?.trim();
  const actions = (
    <Group gap={2} wrap="nowrap" justify={p.phone ? 'flex-end' : undefined} data-testid="item-actions">
      <ActionIcon variant="subtle" color={item.read ? 'gray' : 'blue'} size="lg" aria-label={t(item.read ? 'items.mark_unread' : 'items.mark_read')} title={t(item.read ? 'items.mark_unread' : 'items.mark_read')} onClick={p.onToggleRead}>
        <DotIcon filled={!item.read} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color={item.starred ? 'yellow' : 'gray'}
        size="lg"
        aria-label={t(item.starred ? 'items.unstar' : 'items.star')}
        title={t(item.starred ? 'items.unstar' : 'items.star')}
        aria-pressed={item.starred}
        onClick={p.onToggleStar}
      >
        <StarIcon filled={item.starred} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t(p.expanded ? 'items.hide_content' : 'items.show_content')} title={t(p.expanded ? 'items.hide_content' : 'items.show_content')} aria-expanded={p.expanded} onClick={p.onToggleContent}>
        <ChevronIcon open={p.expanded} />
      </ActionIcon>
      <ActionIcon component="a" href={p.href} target="_blank" rel="opener" variant="subtle" color="gray" size="lg" aria-label={t('items.open_window')} title={t('items.open_window')} onClick={p.onOpenWindow}>
        <WindowIcon />
      </ActionIcon>
      {item.url ? (
        <ActionIcon component="a" href={item.url} target="_blank" rel="noopener noreferrer" variant="subtle" color="gray" size="lg" aria-label={t('items.original')} title={t('items.original')} onClick={p.onOriginal}>
          <GlobeIcon />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color="gray" size="lg" disabled aria-label={t('items.original')}>
          <GlobeIcon />
        </ActionIcon>
      )}
    </Group>
  );
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p={p.phone ? 'xs' : 'sm'}
      data-testid="feed-item"
      data-id={item._id}
      data-read={item.read}
      data-starred={item.starred}
      data-selected={p.selected || undefined}
      data-flash={p.flashing || undefined}
      aria-current={p.selected ? 'true' : undefined}
      onClick={p.onSelect}
      style={{
        // the selection is a bar inside the left edge: the line keeps its border and its text does not move
        boxShadow: p.selected ? 'inset 4px 0 0 var(--mantine-color-blue-filled)' : undefined,
        background: p.flashing ? 'var(--mantine-color-yellow-light)' : undefined,
        transition: 'background 120ms',
        minWidth: 0,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton onClick={p.onToggleContent} aria-expanded={p.expanded} data-testid="item-title" style={{ display: 'block', maxWidth: '100%' }}>
            <Text fw={item.read ? 400 : 700} c={item.read ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          </UnstyledButton>
          <Group gap={6} wrap="wrap" mt={2}>
            {source && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="item-source">
                {source}
              </Text>
            )}
            {label && (
              <Badge size="xs" variant="light" tt="none">
                {label}
              </Badge>
            )}
            <Text size="xs" c="dimmed" data-testid="item-date">
              {formatPointAt(item.point_at, i18n.language)}
            </Text>
          </Group>
          {!p.expanded && item.summary?.trim() && !p.phone && (
            <Text size="sm" c="dimmed" lineClamp={2} mt={4} style={{ overflowWrap: 'anywhere' }}>
              {item.summary}
            </Text>
          )}
        </Box>
        {!p.phone && actions}
      </Group>
      {p.phone && <Box mt={4}>{actions}</Box>}
      {p.expanded && (
        <Box mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <ItemContent accountId={p.accountId} id={item._id} />
        </Box>
      )}
    </Paper>
  );
});
