import type { HandbookDoc } from '@app/proto';
import { Accordion, Anchor, Badge, Button, Chip, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { useTags } from '../../hooks/notes';
import { docs } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { readRecent } from '../../lib/recent';
import { accountPath, handbookPath, useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/** Recently updated handbooks the wiki lists. */
export const RECENT_UPDATED = 10;
/** Titles a tag of the index lists (the whole list is one link away). */
export const INDEX_TITLES = 100;

/**
 * The wiki (spec §2: open entries and recently updated ones): the handbooks this browser opened lately, the ones
 * changed lately (narrowed by the tags chosen), and an index by tag whose sections list their titles when opened.
 */
export default function WikiPage() {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const [chosen, setChosen] = useState<string[]>([]);
  // a tag's titles are read once its section is opened
  const [openTags, setOpenTags] = useState<string[]>([]);
  const tags = useTags(accountId);
  const opened = useMemo(() => readRecent(accountId), [accountId]);
  const updated = useQuery({
    queryKey: ['notes', 'wiki-updated', accountId, chosen],
    queryFn: () =>
      docs.find(accountId, {
        selector: { klass: 'Handbook', ...(chosen.length ? { categories: { $all: chosen } } : {}) },
        fields: ['_id', 'klass', 'title', 'uri', 'categories', 'updated_at'],
        sort: [{ updated_at: 'desc' }],
        limit: RECENT_UPDATED,
      }) as Promise<HandbookDoc[]>,
  });
  const link = (h: { _id: string; uri?: string | null; title?: string | null }) => (
    <Anchor component={Link} to={handbookPath(accountId, h)} fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {h.title || h.uri || h._id}
    </Anchor>
  );
  return (
    <Stack>
      <PageHeader
        title={t('wiki.title')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'handbooks', 'new')} size="xs">
            {t('handbooks.new')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" data-testid="wiki-open">
            <Title order={3} size="h5" mb="xs">
              {t('wiki.open')}
            </Title>
            {opened.length ? (
              <Stack gap={6}>
                {opened.map((e) => (
                  <Group key={e._id} justify="space-between" wrap="nowrap" gap="xs">
                    {link(e)}
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(e.at, i18n.language)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('wiki.open_none')}
              </Text>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="wiki-updated">
            <Title order={3} size="h5" mb="xs">
              {t('wiki.updated')}
            </Title>
            <QueryList query={updated} size="sm" empty={chosen.length ? t('wiki.updated_none_tags') : t('handbooks.empty')}>
              {(rows) => (
                <Stack gap={8}>
                  {rows.map((h) => (
                    <div key={h._id} data-testid="wiki-updated-row">
                      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                        {link(h)}
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(h.updated_at, i18n.language)}
                        </Text>
                      </Group>
                      {!!h.categories?.length && <TagBadges tags={h.categories} size="xs" />}
                    </div>
                  ))}
                </Stack>
              )}
            </QueryList>
          </Paper>
        </Stack>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" data-testid="wiki-tags">
            <Title order={3} size="h5" mb={4}>
              {t('wiki.tags')}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              {t('wiki.tags_hint')}
            </Text>
            <QueryList query={tags} size="sm" empty={t('wiki.tags_none')}>
              {(rows) => (
                <Chip.Group multiple value={chosen} onChange={setChosen}>
                  <Group gap={6} wrap="wrap">
                    {rows.map(({ tag, count }) => (
                      <Chip key={tag} value={tag} size="xs" data-tag={tag}>
                        {tag} · {count}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              )}
            </QueryList>
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="wiki-index">
            <Title order={3} size="h5" mb="xs">
              {t('wiki.index')}
            </Title>
            {tags.data?.length ? (
              <Accordion multiple variant="contained" chevronPosition="left" value={openTags} onChange={setOpenTags}>
                {tags.data.map(({ tag, count }) => (
                  <Accordion.Item key={tag} value={tag}>
                    <Accordion.Control>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {tag}
                        </Text>
                        <Badge size="sm" variant="light" color="gray">
                          {count}
                        </Badge>
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      {openTags.includes(tag) && <TagIndex tag={tag} count={count} />}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            ) : (
              <Text size="sm" c="dimmed">
                {t('wiki.tags_none')}
              </Text>
            )}
          </Paper>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** A tag's handbooks by title (read when its section opens). */
function TagIndex({ tag, count }: { tag: string; count: number }) {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const titles = useQuery({
    queryKey: ['notes', 'wiki-index', accountId, tag],
    queryFn: () =>
      docs.find(accountId, {
        selector: { klass: 'Handbook', categories: { $all: [tag] } },
        fields: ['_id', 'klass', 'title', 'uri'],
        sort: [{ title: 'asc' }],
        limit: INDEX_TITLES,
      }) as Promise<HandbookDoc[]>,
  });
  return (
    <QueryList query={titles} size="sm">
      {(rows) => (
        <Stack gap={4} data-testid={`wiki-index-${tag}`}>
          {rows.map((h) => (
            <Anchor key={h._id} component={Link} to={handbookPath(accountId, h)} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {h.title || h.uri}
            </Anchor>
          ))}
          {count > rows.length && (
            <Anchor component={Link} to={`${accountPath(accountId, 'handbooks')}?tag=${encodeURIComponent(tag)}`} size="xs">
              {t('wiki.all_of_tag', { count })}
            </Anchor>
          )}
        </Stack>
      )}
    </QueryList>
  );
}
