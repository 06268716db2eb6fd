import type { HandbookDoc } from '@app/proto';
import { Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SafeHtml } from '../../components/SafeHtml';
import { TagBadges } from '../../components/TagBadges';
import { handbookKey, useHandbook } from '../../hooks/notes';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { forgetOpened, noteOpened } from '../../lib/recent';
import { accountPath, handbookPath, useRoute } from '../../routing';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * Resolves the path's handbook (id or address) for a screen; a handbook named by an id or an earlier address moves to
 * its current address (replacing the history entry, so Back does not bounce). Not once the screen is being left
 * (`leaving`): the edit form's save refreshes the handbook it renamed while it goes to the page, and moving the edit
 * screen to the new address then would win over that.
 */
export function useRoutedHandbook(suffix?: string, leaving?: { readonly current: boolean }) {
  const { accountId, handbookRef } = useRoute();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const query = useHandbook(accountId, handbookRef);
  const resolved = query.data;
  useEffect(() => {
    if (!resolved?.moved || leaving?.current) return;
    const to = handbookPath(accountId, resolved.doc, ...(suffix ? [suffix] : []));
    if (to === pathname) return;
    // the page at the new address starts from what was read here
    if (resolved.doc.uri) queryClient.setQueryData(handbookKey(accountId, resolved.doc.uri), { doc: resolved.doc, moved: false });
    navigate(to, { replace: true });
  }, [resolved, accountId, suffix, navigate, queryClient, pathname, leaving]);
  return query;
}

/** A handbook: its content (the service's HTML, cleaned again here), fields, tags, the pages linking to it. */
export default function HandbookShowPage() {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const query = useRoutedHandbook();
  const doc = query.data?.doc;
  useEffect(() => {
    if (doc) noteOpened(accountId, { _id: doc._id, title: doc.title ?? doc._id, uri: doc.uri ?? '' });
  }, [accountId, doc]);
  const back = { to: accountPath(accountId, 'handbooks'), label: t('handbooks.many') };
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!doc)
    return (
      <Stack>
        <PageHeader title={t('handbooks.one')} back={back} />
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Stack>
    );
  return <HandbookView doc={doc} back={back} />;
}

function HandbookView({ doc, back }: { doc: HandbookDoc; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation('notes');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [deleting, setDeleting] = useState(false);
  const fields = doc.fields ?? [];
  const linkedBy = doc.linked_by ?? [];
  return (
    <Stack>
      <PageHeader
        title={doc.title}
        back={back}
        actions={
          <>
            <Button component={Link} to={handbookPath(accountId, doc, 'edit')} size="xs" data-testid="edit-handbook">
              {t('common.edit')}
            </Button>
            <Button component={Link} to={handbookPath(accountId, doc, 'history')} size="xs" variant="default" data-testid="handbook-history">
              {t('handbooks.history')}
              {doc.revision ? ` (${doc.revision})` : ''}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <Group gap="xs" wrap="wrap">
        {!!doc.categories?.length && <TagBadges tags={doc.categories} onPick={(tag) => navigate(`${accountPath(accountId, 'handbooks')}?tag=${encodeURIComponent(tag)}`)} />}
        <Text size="xs" c="dimmed">
          {t('handbooks.updated', { when: formatDateTime(doc.updated_at, i18n.language) })}
        </Text>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {doc.content_html !== undefined ? (
          doc.content_html.trim() ? (
            <SafeHtml html={doc.content_html} />
          ) : (
            <Text c="dimmed" data-testid="handbook-content">
              {t('handbooks.no_content')}
            </Text>
          )
        ) : (
          // not rendered by the service (yet): the text as it is, never as HTML
          <Text component="pre" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="handbook-content">
            {doc.content}
          </Text>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: fields.length ? 2 : 1 }} spacing="md">
        {fields.length > 0 && (
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="xs">
              {t('fields.fields')}
            </Title>
            <Table verticalSpacing={4} data-testid="handbook-fields" layout="fixed">
              <Table.Tbody>
                {fields.map((f, i) => (
                  <Table.Tr key={`${f.field_name}-${i}`}>
                    <Table.Th w="40%" style={{ overflowWrap: 'anywhere' }}>
                      {f.field_name}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{f.field_value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        <Paper withBorder radius="md" p="md" data-testid="linked-by">
          <Title order={3} size="h5" mb="xs">
            {t('handbooks.linked_by')}
          </Title>
          {linkedBy.length ? (
            <Stack gap={4}>
              {linkedBy.map((l) => (
                <Anchor key={l._id} component={Link} to={handbookPath(accountId, l)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {l.title || l.uri}
                </Anchor>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('handbooks.linked_by_none')}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt="sm">
            {t('handbooks.address')}: <Code>{doc.uri}</Code>
            {!!doc.old_uris?.length && (
              <>
                {' · '}
                {t('handbooks.old_addresses')}: {doc.old_uris.map((u) => <Code key={u} mr={4}>{u}</Code>)}
              </>
            )}
          </Text>
        </Paper>
      </SimpleGrid>
      <DeleteDialog
        opened={deleting}
        name={doc.title ?? doc._id}
        title={t('handbooks.delete_title')}
        onConfirm={async () => {
          await docs.remove(accountId, doc._id, doc._rev);
          forgetOpened(accountId, doc._id);
          await invalidate();
          navigate(accountPath(accountId, 'handbooks'));
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
