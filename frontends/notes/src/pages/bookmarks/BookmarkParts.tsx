import type { BookmarkDoc } from '@app/proto';
import { Anchor, Badge, Group, Loader, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostOf } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';

/** What a bookmark is called: its title (given or fetched), else its address without the scheme. */
export function bookmarkTitle(b: Pick<BookmarkDoc, 'title' | 'url'>): string {
  return b.title?.trim() || (b.url ?? '').replace(/^https?:\/\//i, '');
}

/** The fetch of the page's title: under way (a spinner), failed (with why), nothing once done. */
export function FetchStatus({ bookmark }: { bookmark: Pick<BookmarkDoc, 'fetch_status' | 'fetch_error'> }) {
  const { t } = useTranslation('notes');
  if (bookmark.fetch_status === 'failed')
    return (
      <Tooltip label={bookmark.fetch_error || t('bookmarks.fetch_failed')} withinPortal multiline maw={320}>
        <Badge size="sm" color="red" variant="light" tt="none" data-testid="fetch-status" data-status="failed">
          {t('bookmarks.fetch_failed')}
        </Badge>
      </Tooltip>
    );
  if (bookmark.fetch_status === 'pending' || bookmark.fetch_status === undefined)
    return (
      <Badge size="sm" color="blue" variant="light" tt="none" leftSection={<Loader size={10} color="blue" />} data-testid="fetch-status" data-status="pending">
        {t('bookmarks.fetching')}
      </Badge>
    );
  return null;
}

/** "Duplicate" when another bookmark of the group has the same address, linking to it. */
export function DuplicateFlag({ bookmark }: { bookmark: Pick<BookmarkDoc, 'duplicate_of'> }) {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  if (!bookmark.duplicate_of) return null;
  return (
    <Badge
      size="sm"
      color="orange"
      variant="light"
      tt="none"
      component={Link}
      to={accountPath(accountId, 'bookmarks', bookmark.duplicate_of)}
      style={{ cursor: 'pointer' }}
      data-testid="duplicate-flag"
      title={t('bookmarks.duplicate_hint')}
    >
      {t('bookmarks.duplicate')}
    </Badge>
  );
}

/** The bookmark's address as a link out (a new tab, no referrer), its host shown. */
export function OutLink({ url, children, fw }: { url: string; children?: React.ReactNode; fw?: number }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow" fw={fw} style={{ overflowWrap: 'anywhere' }}>
      {children ?? hostOf(url)}
    </Anchor>
  );
}

export function StatusBadges({ bookmark }: { bookmark: BookmarkDoc }) {
  return (
    <Group gap={4} wrap="wrap">
      <FetchStatus bookmark={bookmark} />
      <DuplicateFlag bookmark={bookmark} />
    </Group>
  );
}
