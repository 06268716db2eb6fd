import type { BookmarkDoc, BookmarksImportReport } from '@app/proto';
import { Alert, Anchor, Button, FileButton, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { ApiError, usePhone } from '@app/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useInvalidate } from '../../hooks/invalidate';
import { FETCH_POLL_MS, isFetching } from '../../hooks/notes';
import { bookmarks, docs, type ImportProgress } from '../../lib/api';
import { FILE_MAX_BYTES } from '../../lib/contract';
import { formatDate, hostOf } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { bookmarkTitle, OutLink, StatusBadges } from './BookmarkParts';
import { ErrorBanner, PageHeader, QueryList } from '@app/module-kit';

/** Bookmarks a page of the list shows. */
export const PAGE_SIZE = 50;

export function listBookmarks(accountId: string, tag: string | null, page: number) {
  return docs.find(accountId, {
    selector: { klass: 'Bookmark', ...(tag ? { tag_names: { $all: [tag] } } : {}) },
    sort: [{ created_at: 'desc' }],
    limit: PAGE_SIZE + 1,
    skip: page * PAGE_SIZE,
  }) as Promise<BookmarkDoc[]>;
}

/** Saves a text as a file the browser downloads. */
export function download(name: string, text: string, type = 'text/html'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** How far an import is, in words and as a percentage (null: not known yet, the bar moves without one). */
export function importStatus(p: ImportProgress, t: (key: string, values?: Record<string, unknown>) => string, locale: string): { text: string; percent: number | null } {
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (p.phase === 'sending') {
    const percent = p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;
    return { text: t('bookmarks.import_sending', { links: n(p.links), percent }), percent };
  }
  if (!p.total) return { text: t('bookmarks.import_reading', { links: n(p.links) }), percent: null };
  return { text: t('bookmarks.import_importing', { done: n(p.done), total: n(p.total) }), percent: Math.min(100, Math.floor((p.done / p.total) * 100)) };
}

/**
 * The bookmarks (linkding-like): title (fetched from the page, else the address), host, tags, the duplicate flag and
 * the fetch's state, read again while a fetch is under way; a tag filter (`?tag=`); import of a browser's bookmarks
 * file (Netscape HTML, any size: sent whole with its progress, then the service's) and export to one.
 */
export default function BookmarksListPage() {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const phone = usePhone();
  const invalidate = useInvalidate();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const page = Math.max(0, Number(params.get('page')) || 0);
  const list = useQuery({
    queryKey: ['notes', 'bookmarks', accountId, tag, page],
    queryFn: () => listBookmarks(accountId, tag, page),
    refetchInterval: (q) => (q.state.data?.some(isFetching) && q.state.dataUpdateCount < 60 ? FETCH_POLL_MS * 2 : false),
  });
  const rows = list.data?.slice(0, PAGE_SIZE);
  const hasNext = (list.data?.length ?? 0) > PAGE_SIZE;
  const go = (next: { tag?: string | null; page?: number }) => {
    const out = new URLSearchParams();
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) out.set('tag', nextTag);
    if (next.page) out.set('page', String(next.page));
    setParams(out);
  };
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const importer = useMutation({
    mutationFn: async (file: File): Promise<BookmarksImportReport> => {
      if (file.size > FILE_MAX_BYTES) throw new ApiError(413, 'payload_too_large', t('bookmarks.import_too_big', { mb: FILE_MAX_BYTES / 1024 / 1024 }));
      return bookmarks.importFile(accountId, file, setProgress);
    },
    onSuccess: () => invalidate(),
    onSettled: () => setProgress(null),
  });
  const status = importer.isPending && progress ? importStatus(progress, t, i18n.language) : null;
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const exporter = useMutation({
    mutationFn: () => bookmarks.exportHtml(accountId),
    onSuccess: (html) => download('bookmarks.html', html),
  });
  const title = (b: BookmarkDoc) => (
    <Anchor component={Link} to={accountPath(accountId, 'bookmarks', b._id)} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="bookmark-title">
      {bookmarkTitle(b)}
    </Anchor>
  );
  return (
    <Stack>
      <PageHeader
        title={tag ? t('bookmarks.many_tag', { tag }) : t('bookmarks.many')}
        actions={
          <>
            <Button component={Link} to={accountPath(accountId, 'bookmarks', 'new')} size="xs">
              {t('bookmarks.new')}
            </Button>
            <FileButton onChange={(file) => file && (importer.reset(), importer.mutate(file))} accept=".html,.htm,text/html">
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={importer.isPending} data-testid="import-bookmarks">
                  {t('bookmarks.import')}
                </Button>
              )}
            </FileButton>
            <Button size="xs" variant="default" onClick={() => exporter.mutate()} loading={exporter.isPending} data-testid="export-bookmarks">
              {t('bookmarks.export')}
            </Button>
          </>
        }
      />
      {tag && (
        <Group gap="xs">
          <Button size="compact-xs" variant="subtle" onClick={() => go({ tag: null, page: 0 })}>
            {t('bookmarks.all')}
          </Button>
        </Group>
      )}
      <ErrorBanner error={importer.error ?? exporter.error} />
      {status && (
        <Paper withBorder radius="md" p="sm" data-testid="import-progress">
          <Text size="sm" mb={6} aria-live="polite">
            {status.text}
          </Text>
          <Progress
            value={status.percent ?? 100}
            striped={status.percent === null}
            animated={status.percent === null}
            aria-label={t('bookmarks.import')}
            transitionDuration={200}
          />
        </Paper>
      )}
      {importer.data && (
        <Alert color="teal" variant="light" withCloseButton onClose={() => importer.reset()} data-testid="import-report">
          {t('bookmarks.imported', { created: count(importer.data.created), duplicates: count(importer.data.duplicates), invalid: count(importer.data.invalid) })}
        </Alert>
      )}
      <QueryList query={{ ...list, data: rows }} empty={t('bookmarks.empty')}>
        {(items) =>
          phone ? (
            <Stack gap="xs" data-testid="bookmark-cards">
              {items.map((b) => (
                <Paper key={b._id} withBorder radius="md" p="sm" data-testid="bookmark-row">
                  {title(b)}
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <OutLink url={b.url ?? ''}>{hostOf(b.url ?? '')}</OutLink> · {formatDate(b.added_at ?? b.created_at, i18n.language)}
                  </Text>
                  <Group gap={4} mt={4} wrap="wrap">
                    <StatusBadges bookmark={b} />
                    <TagBadges tags={b.tag_names} size="xs" onPick={(name) => go({ tag: name, page: 0 })} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="bookmark-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.title')}</Table.Th>
                    <Table.Th>{t('fields.tags')}</Table.Th>
                    <Table.Th w={120}>{t('fields.created_at')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((b) => (
                    <Table.Tr key={b._id} data-testid="bookmark-row">
                      <Table.Td>
                        <Group gap="xs" wrap="wrap">
                          {title(b)}
                          <StatusBadges bookmark={b} />
                        </Group>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          <OutLink url={b.url ?? ''}>{b.url}</OutLink>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TagBadges tags={b.tag_names} size="xs" onPick={(name) => go({ tag: name, page: 0 })} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(b.added_at ?? b.created_at, i18n.language)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryList>
      {(page > 0 || hasNext) && (
        <Group justify="center" gap="xs">
          <Button size="xs" variant="default" disabled={page === 0} onClick={() => go({ page: page - 1 })}>
            {t('common.previous')}
          </Button>
          <Text size="sm">{t('common.page', { page: page + 1 })}</Text>
          <Button size="xs" variant="default" disabled={!hasNext} onClick={() => go({ page: page + 1 })}>
            {t('common.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
