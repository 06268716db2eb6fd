import type { HandbookDoc } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useTags } from '../../hooks/notes';
import { docs } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { accountPath, handbookPath, useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/** Handbooks a page of the list shows. */
export const PAGE_SIZE = 50;
/** Tags offered as filters above the list (the most used). */
const FILTER_TAGS = 12;

/** The handbooks of a page of the list, newest change first (one more than a page: is there a next one?). */
export function listHandbooks(accountId: string, tag: string | null, page: number) {
  return docs.find(accountId, {
    selector: { klass: 'Handbook', ...(tag ? { categories: { $all: [tag] } } : {}) },
    fields: ['_id', '_rev', 'klass', 'title', 'uri', 'categories', 'updated_at'],
    sort: [{ updated_at: 'desc' }],
    limit: PAGE_SIZE + 1,
    skip: page * PAGE_SIZE,
  }) as Promise<HandbookDoc[]>;
}

/** The handbooks (spec §2 index): title, tags, last change; a tag filter (`?tag=`) and pages of PAGE_SIZE. */
export default function HandbooksListPage() {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const page = Math.max(0, Number(params.get('page')) || 0);
  const list = useQuery({ queryKey: ['notes', 'handbooks', accountId, tag, page], queryFn: () => listHandbooks(accountId, tag, page) });
  const tags = useTags(accountId);
  const rows = list.data?.slice(0, PAGE_SIZE);
  const hasNext = (list.data?.length ?? 0) > PAGE_SIZE;
  const go = (next: { tag?: string | null; page?: number }) => {
    const out = new URLSearchParams();
    const nextTag = next.tag === undefined ? tag : next.tag;
    if (nextTag) out.set('tag', nextTag);
    if (next.page) out.set('page', String(next.page));
    setParams(out);
  };
  const title = (h: HandbookDoc) => (
    <Anchor component={Link} to={handbookPath(accountId, h)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {h.title || h._id}
    </Anchor>
  );
  return (
    <Stack>
      <PageHeader
        title={t('handbooks.many')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'handbooks', 'new')} size="xs">
            {t('handbooks.new')}
          </Button>
        }
      />
      {!!tags.data?.length && (
        <Group gap={6} wrap="wrap" data-testid="tag-filters" aria-label={t('handbooks.filter_by_tag')}>
          <Badge
            component="button"
            type="button"
            variant={tag ? 'outline' : 'filled'}
            tt="none"
            style={{ cursor: 'pointer' }}
            onClick={() => go({ tag: null, page: 0 })}
            aria-pressed={!tag}
          >
            {t('handbooks.all_tags')}
          </Badge>
          {tags.data.slice(0, FILTER_TAGS).map(({ tag: name, count }) => (
            <Badge
              key={name}
              component="button"
              type="button"
              variant={tag === name ? 'filled' : 'light'}
              color={tag === name ? undefined : 'gray'}
              tt="none"
              style={{ cursor: 'pointer' }}
              onClick={() => go({ tag: tag === name ? null : name, page: 0 })}
              aria-pressed={tag === name}
              data-tag={name}
            >
              {name} · {count}
            </Badge>
          ))}
        </Group>
      )}
      <QueryList query={{ ...list, data: rows }} empty={tag ? t('handbooks.empty_tag', { tag }) : t('handbooks.empty')}>
        {(items) =>
          phone ? (
            <Stack gap="xs" data-testid="handbook-cards">
              {items.map((h) => (
                <Paper key={h._id} withBorder radius="md" p="sm" data-testid="handbook-row">
                  {title(h)}
                  <Text size="xs" c="dimmed" mb={4}>
                    {formatDateTime(h.updated_at, i18n.language)}
                  </Text>
                  <TagBadges tags={h.categories} size="xs" onPick={(name) => go({ tag: name, page: 0 })} />
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="handbook-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.title')}</Table.Th>
                    <Table.Th>{t('fields.tags')}</Table.Th>
                    <Table.Th w={170}>{t('fields.updated_at')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((h) => (
                    <Table.Tr key={h._id} data-testid="handbook-row">
                      <Table.Td>{title(h)}</Table.Td>
                      <Table.Td>
                        <TagBadges tags={h.categories} size="xs" onPick={(name) => go({ tag: name, page: 0 })} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(h.updated_at, i18n.language)}</Text>
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
