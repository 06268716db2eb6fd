import type { NotesSearchHit } from '@app/proto';
import { Anchor, Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Snippet } from '../../components/SafeHtml';
import { searchNotes } from '../../lib/api';
import { formatDate, hostOf } from '../../lib/format';
import { accountPath, handbookPath, useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/** How long typing must rest before the address (and the results) follow it. */
export const SEARCH_DELAY_MS = 300;

/**
 * Full-text search over the handbooks and bookmarks (`notes-search?q=`): the service ranks them in the group's language
 * with accents ignored; each hit shows its kind, title and the snippet with the words found marked.
 */
export default function SearchPage() {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  // the box follows the address (the top bar's search box, Back), but not what typing put there (its spaces stay)
  useEffect(() => {
    const next = params.get('q') ?? '';
    setText((current) => (current.trim() === next.trim() ? current : next));
  }, [params]);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);
  const results = useQuery({
    queryKey: ['notes', 'search', accountId, q],
    queryFn: ({ signal }) => searchNotes(accountId, q, signal),
    enabled: !!q,
  });
  return (
    <Stack>
      <PageHeader title={t('search.title')} />
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          type="search"
          name="q"
          data-autofocus
          autoFocus
          data-testid="search-input"
        />
      </form>
      {q ? (
        <QueryList query={results} empty={t('search.none', { q })}>
          {(hits) => (
            <Stack gap="xs" data-testid="search-results">
              <Text size="xs" c="dimmed">
                {t('search.count', { count: hits.length })}
              </Text>
              {hits.map((hit) => (
                <SearchHit key={`${hit.klass}-${hit._id}`} hit={hit} />
              ))}
            </Stack>
          )}
        </QueryList>
      ) : (
        <Text size="sm" c="dimmed">
          {t('search.hint')}
        </Text>
      )}
    </Stack>
  );
}

function SearchHit({ hit }: { hit: NotesSearchHit }) {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const handbook = hit.klass === 'Handbook';
  const to = handbook ? handbookPath(accountId, { _id: hit._id, uri: hit.uri }) : accountPath(accountId, 'bookmarks', hit._id);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="search-hit" data-klass={hit.klass}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge size="sm" variant="light" color={handbook ? 'blue' : 'grape'} tt="none" style={{ flexShrink: 0 }}>
          {t(handbook ? 'search.handbook' : 'search.bookmark')}
        </Badge>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hit.title || hit.uri}
          </Anchor>
          <Text size="sm" component="div" c="dimmed">
            <Snippet html={hit.snippet} />
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {handbook ? `/${hit.uri}` : hostOf(hit.uri)} · {formatDate(hit.updated_at, i18n.language)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
