import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useInvalidate } from '../../hooks/invalidate';
import { useBookmark } from '../../hooks/notes';
import { bookmarks, docs } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { bookmarkTitle, OutLink, StatusBadges } from './BookmarkParts';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * A bookmark: its title and description (fetched from the page in the background: the screen reads the bookmark again
 * until the fetch is done), address, tags, duplicate flag; open, edit, fetch again, delete.
 */
export default function BookmarkShowPage() {
  const { t, i18n } = useTranslation('notes');
  const { accountId, recordId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const bookmark = useBookmark(accountId, recordId);
  const [deleting, setDeleting] = useState(false);
  const refetch = useMutation({
    mutationFn: () => bookmarks.refetch(accountId, recordId!),
    onSuccess: async () => {
      await invalidate();
    },
  });
  const back = { to: accountPath(accountId, 'bookmarks'), label: t('bookmarks.many') };
  if (bookmark.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  const b = bookmark.data;
  if (!b)
    return (
      <Stack>
        <PageHeader title={t('bookmarks.one')} back={back} />
        <ErrorBanner error={bookmark.error} onRetry={() => void bookmark.refetch()} retrying={bookmark.isFetching} />
      </Stack>
    );
  const details: Array<[string, ReactNode]> = [
    ['url', <OutLink key="url" url={b.url ?? ''}>{b.url}</OutLink>],
    ['description', b.description?.trim() || t('common.none')],
    ['tags', <TagBadges key="tags" tags={b.tag_names} onPick={(tag) => navigate(`${accountPath(accountId, 'bookmarks')}?tag=${encodeURIComponent(tag)}`)} />],
    ['fetched_at', b.fetched_at ? formatDateTime(b.fetched_at, i18n.language) : t('common.none')],
    ['created_at', formatDateTime(b.added_at ?? b.created_at, i18n.language)],
  ];
  return (
    <Stack>
      <PageHeader
        title={bookmarkTitle(b)}
        back={back}
        badge={<StatusBadges bookmark={b} />}
        actions={
          <>
            <Button component="a" href={b.url} target="_blank" rel="noopener noreferrer nofollow" size="xs">
              {t('bookmarks.open')}
            </Button>
            <Button component={Link} to={accountPath(accountId, 'bookmarks', b._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="default" onClick={() => refetch.mutate()} loading={refetch.isPending} data-testid="refetch-bookmark">
              {t('bookmarks.refetch')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <ErrorBanner error={refetch.error} />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {details.map(([name, value]) => (
            <div key={name}>
              <Text size="xs" c="dimmed">
                {t(`fields.${name}`)}
              </Text>
              <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={`field-${name}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {b.fetch_status === 'failed' && b.fetch_error && (
          <Group mt="sm">
            <Text size="xs" c="red" data-testid="fetch-error">
              {b.fetch_error}
            </Text>
          </Group>
        )}
      </Paper>
      <DeleteDialog
        opened={deleting}
        name={bookmarkTitle(b)}
        title={t('bookmarks.delete_title')}
        onConfirm={async () => {
          await docs.remove(accountId, b._id, b._rev);
          await invalidate();
          navigate(accountPath(accountId, 'bookmarks'));
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
