import type { BookmarkDoc } from '@app/proto';
import { Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInvalidate } from '../../hooks/invalidate';
import { useBookmark } from '../../hooks/notes';
import { docs } from '../../lib/api';
import { MESSAGES, toTags } from '../../lib/contract';
import { isFieldError, serverFieldErrors, type Errors } from '../../lib/field-errors';
import { isLinkTarget } from '../../lib/markdown-edit';
import { accountPath, useRoute } from '../../routing';
import { bookmarkTitle } from './BookmarkParts';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a bookmark. */
export default function BookmarkFormPage() {
  const { t } = useTranslation('notes');
  const { accountId, recordId } = useRoute();
  const bookmark = useBookmark(accountId, recordId);
  if (recordId && bookmark.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !bookmark.data) return <ErrorBanner error={bookmark.error} onRetry={() => void bookmark.refetch()} retrying={bookmark.isFetching} />;
  return <BookmarkForm key={bookmark.data?._id ?? 'new'} doc={bookmark.data} />;
}

interface Values {
  url: string;
  tags: string;
  title: string;
  description: string;
}

/** What the service keeps on a bookmark itself (never sent back). */
const SERVER_FIELDS = ['normalized_url', 'fetch_status', 'fetch_error', 'fetched_at', 'duplicate_of', 'image_url', 'added_at', 'modified_at', 'page_title', 'page_description', 'language', 'label'] as const;

export function toBookmarkDocument(values: Values, prev?: BookmarkDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'Bookmark' };
  for (const key of SERVER_FIELDS) delete doc[key];
  doc.url = values.url.trim();
  doc.tag_names = toTags(values.tags);
  if (prev) {
    // an emptied title or description is fetched from the page again
    doc.title = values.title.trim() || null;
    doc.description = values.description.trim() || null;
  }
  return doc;
}

/**
 * A new bookmark is its address and tags: the service fetches the page's title and description in the background
 * (its page shows them when done). Editing also changes the title and description.
 */
function BookmarkForm({ doc }: { doc?: BookmarkDoc }) {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [values, setValues] = useState<Values>({
    url: doc?.url ?? '',
    tags: (doc?.tag_names ?? []).join(', '),
    title: doc?.title ?? '',
    description: doc?.description ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'bookmarks', reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found: Errors = {};
    const url = values.url.trim();
    if (!url) found.url = 'validation.cant-be-blank';
    else if (!/^https?:\/\//i.test(url) || !isLinkTarget(url)) found.url = `validation.${MESSAGES.badUrl}`;
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toBookmarkDocument(values, doc));
  };
  const tr = (key: string | undefined) => key && t(key, { ns: ['notes', 'translation'] });
  return (
    <Stack>
      <PageHeader
        title={doc ? t('bookmarks.edit_title', { title: bookmarkTitle(doc) }) : t('bookmarks.new')}
        back={{ to: accountPath(accountId, 'bookmarks', doc?._id), label: doc ? bookmarkTitle(doc) : t('bookmarks.many') }}
      />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <TextInput
            label={t('fields.url')}
            name="url"
            type="url"
            required
            placeholder="https://"
            value={values.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            error={tr(errors.url)}
            description={doc ? undefined : t('hints.url_fetch')}
            data-autofocus
          />
          <TextInput label={t('fields.tags')} name="tag_names" value={values.tags} onChange={(e) => set({ tags: e.currentTarget.value })} description={t('hints.tags')} error={tr(errors.tag_names)} />
          {doc && (
            <>
              <TextInput label={t('fields.title')} name="title" value={values.title} onChange={(e) => set({ title: e.currentTarget.value })} description={t('hints.title_fetch')} error={tr(errors.title)} />
              <Textarea
                label={t('fields.description')}
                name="description"
                value={values.description}
                onChange={(e) => set({ description: e.currentTarget.value })}
                autosize
                minRows={3}
                maxRows={10}
                error={tr(errors.description)}
              />
            </>
          )}
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
