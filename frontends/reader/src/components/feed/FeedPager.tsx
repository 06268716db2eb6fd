import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasNextPage, pagerItems } from '../../lib/pagination';

/**
 * spec §2's pager: previous, the earlier pages by number, the current page, next. Next is disabled when fewer items
 * than the page size came back. Nothing on a first page that is not full.
 */
export function FeedPager({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('reader');
  const next = hasNextPage(count);
  if (page === 0 && !next) return null;
  return (
    <Group justify="center" gap={4} wrap="wrap" data-testid="feed-pager" component="nav" aria-label={t('feed.pages')}>
      <Button size="compact-sm" variant="default" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('feed.previous')}
      </Button>
      {pagerItems(page).map((item, i) =>
        item.kind === 'gap' ? (
          <Text key={`gap-${i}`} size="sm" c="dimmed" px={4}>
            …
          </Text>
        ) : (
          <Button
            key={item.page}
            size="compact-sm"
            variant={item.current ? 'filled' : 'default'}
            aria-current={item.current ? 'page' : undefined}
            aria-label={t('feed.page', { page: item.page + 1 })}
            onClick={() => !item.current && onPage(item.page)}
            miw={32}
          >
            {item.page + 1}
          </Button>
        ),
      )}
      <Button size="compact-sm" variant="default" disabled={!next} onClick={() => onPage(page + 1)}>
        {t('feed.next')}
      </Button>
    </Group>
  );
}
