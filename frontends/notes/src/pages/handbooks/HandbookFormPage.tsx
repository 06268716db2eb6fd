import type { HandbookDoc } from '@app/proto';
import { Alert, Button, Collapse, Group, Kbd, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { isApiError } from '@app/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInvalidate } from '../../hooks/invalidate';
import { useMemberNames } from '../../hooks/notes';
import { docs, handbooks } from '../../lib/api';
import { CONFLICT_REASON, PAGE_BYTES_MAX, STALE_REASON } from '../../lib/contract';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { formatMegabytes } from '../../lib/format';
import { changeValues, initialValues, isDirty, newHandbookId, refusedSize, toDocument, validate, type Errors, type HandbookValues } from '../../lib/handbook-form';
import { accountPath, handbookPath, useRoute } from '../../routing';
import { ConflictDialog } from './ConflictDialog';
import { FieldsEditor } from './FieldsEditor';
import { useRoutedHandbook } from './HandbookShowPage';
import { MarkdownEditor } from './MarkdownEditor';
import { ErrorBanner, PageHeader } from '@app/module-kit';

/** New and edit of a handbook (the edit screen by id or address, like the page). */
export default function HandbookFormPage() {
  const { handbookRef } = useRoute();
  if (!handbookRef) return <HandbookForm />;
  return <EditHandbook />;
}

function EditHandbook() {
  const { t } = useTranslation('notes');
  const leaving = useRef(false);
  const query = useRoutedHandbook('edit', leaving);
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!query.data) return <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <HandbookForm
      key={query.data.doc._id}
      doc={query.data.doc}
      onLeave={() => {
        leaving.current = true;
      }}
    />
  );
}

/** A save refused because the page changed since it was opened (the service's reason, or the generic one). */
const isConflict = (err: unknown) => isApiError(err) && err.status === 409 && (err.reason === CONFLICT_REASON || err.reason === STALE_REASON);

/** What a 409 found: the page as the server has it now, and who saved it. */
interface Conflict {
  theirs: HandbookDoc;
  who: string | undefined;
}

/**
 * Title, address, content type, tags, the content (MarkdownEditor: toolbar, live preview, link paste) and fields.
 * Ctrl/⌘+S saves. A save over someone else's newer save is refused by the service (409): the dialog shows both
 * versions and never overwrites theirs. `onLeave`: the form saved, or was left for theirs (the screen is being left).
 */
export function HandbookForm({ doc, onLeave }: { doc?: HandbookDoc; onLeave?: () => void }) {
  const { t } = useTranslation('notes');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const names = useMemberNames(accountId);
  // the version the edit is based on: the opened one, or theirs once reloaded after a conflict
  const [base, setBase] = useState<HandbookDoc | undefined>(doc);
  const [values, setValues] = useState<HandbookValues>(() => initialValues(doc));
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // the writer's own version, kept beside the editor after theirs was reloaded into it
  const [kept, setKept] = useState<HandbookValues | null>(null);
  const set = (patch: Partial<HandbookValues>) => setValues((v) => changeValues(v, patch));
  // once saved (or left for theirs), leaving asks nothing
  const saved = useRef(false);
  // a new page's id, the same for every attempt to create it: a save sent again stores no second copy
  const [newId] = useState(newHandbookId);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (base ? docs.update(accountId, base._id, base._rev, body) : docs.create(accountId, { ...body, _id: newId })),
    onSuccess: async (reply) => {
      saved.current = true;
      onLeave?.();
      await invalidate();
      const uri = (reply.doc as { uri?: unknown } | undefined)?.uri;
      navigate(handbookPath(accountId, { _id: reply.id, uri: typeof uri === 'string' ? uri : values.uri.trim() || undefined }));
    },
    onError: async (err) => {
      setErrors(serverFieldErrors(err));
      if (base && isConflict(err)) {
        const theirs = await handbooks.get(accountId, base._id).catch(() => null);
        if (!theirs) return;
        const latest = (await handbooks.revisions(accountId, base._id).catch(() => []))[0];
        const by = latest?.updated_by ?? theirs.created_by;
        setConflict({ theirs, who: latest?.updated_by_label || (by && names.data?.get(by)) || undefined });
      }
    },
  });
  const submit = () => {
    if (save.isPending) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toDocument(values, base));
  };

  // Ctrl/⌘+S anywhere on the screen saves (not the browser's "save page")
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // leaving the browser page with unsaved text asks first
  const dirty = isDirty(values, base);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const keepTheirs = () => {
    const theirs = conflict!.theirs;
    saved.current = true;
    onLeave?.();
    setConflict(null);
    void invalidate();
    navigate(handbookPath(accountId, theirs));
  };
  const reloadTheirs = () => {
    const theirs = conflict!.theirs;
    setKept(values);
    setBase(theirs);
    setValues(initialValues(theirs));
    setConflict(null);
    save.reset();
  };

  const tr = (key: string | undefined) => key && t(key, { ns: ['notes', 'translation'] });
  const conflictError = !!base && isConflict(save.error);
  const tooLarge = refusedSize(save.error);
  return (
    <Stack>
      <PageHeader
        title={doc ? t('handbooks.edit_title', { title: doc.title }) : t('handbooks.new')}
        back={doc ? { to: handbookPath(accountId, doc), label: doc.title ?? doc._id } : { to: accountPath(accountId, 'handbooks'), label: t('handbooks.many') }}
      />
      {tooLarge !== null && <TooLarge size={tooLarge} />}
      {!isFieldError(save.error) && !conflictError && tooLarge === null && <ErrorBanner error={save.error} />}
      {conflictError && !conflict && (
        <Alert color="orange" variant="light" role="alert" title={t('conflict.title')}>
          {t('conflict.not_saved')}
        </Alert>
      )}
      {kept && <KeptVersion kept={kept} onUse={() => (setValues(kept), setKept(null))} onDismiss={() => setKept(null)} />}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())} data-testid="handbook-form">
        <Stack>
          <TextInput label={t('fields.title')} name="title" required value={values.title} onChange={(e) => set({ title: e.currentTarget.value })} error={tr(errors.title)} data-autofocus />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.uri')}
              name="uri"
              value={values.uri}
              onChange={(e) => set({ uri: e.currentTarget.value })}
              description={doc ? t('hints.uri_edit') : t('hints.uri_new')}
              error={tr(errors.uri)}
              leftSection={<Text size="xs" c="dimmed">/</Text>}
            />
            <TextInput label={t('fields.tags')} name="categories" value={values.tags} onChange={(e) => set({ tags: e.currentTarget.value })} description={t('hints.tags')} error={tr(errors.categories)} />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id="content-type-label">
              {t('fields.content_type')}
            </Text>
            <SegmentedControl
              aria-labelledby="content-type-label"
              size="xs"
              value={values.content_type}
              onChange={(v) => set({ content_type: v === 'text' ? 'text' : 'markdown' })}
              data={[
                { value: 'markdown', label: t('content_types.markdown') },
                { value: 'text', label: t('content_types.text') },
              ]}
            />
          </div>
          <MarkdownEditor accountId={accountId} value={values.content} onChange={(content) => set({ content })} contentType={values.content_type} error={tr(errors.content)} />
          <FieldsEditor rows={values.fields} onChange={(fields) => set({ fields })} error={tr(errors.fields)} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">S</Kbd> {t('editor.saves')}
            </Text>
            <Group gap="xs" ml="auto">
              <Button variant="default" onClick={() => navigate(-1)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      {conflict && (
        <ConflictDialog
          theirs={conflict.theirs}
          mine={values}
          who={conflict.who}
          onKeepTheirs={keepTheirs}
          onReload={reloadTheirs}
          onClose={() => setConflict(null)}
        />
      )}
    </Stack>
  );
}

/**
 * A save refused because the page would pass what a page may hold once saved (413): its size and the limit, in
 * megabytes and bytes (the unit the service counts); nothing was saved, and the text stays in the editor.
 */
function TooLarge({ size }: { size: number }) {
  const { t, i18n } = useTranslation('notes');
  const lang = i18n.language;
  const bytes = (n: number) => new Intl.NumberFormat(lang.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en').format(n);
  const max = `${formatMegabytes(PAGE_BYTES_MAX, lang)} (${bytes(PAGE_BYTES_MAX)} bytes)`;
  return (
    <Alert color="red" variant="light" role="alert" title={t('too_large.title')} data-testid="too-large">
      {size > 0 ? t('too_large.text', { size: `${formatMegabytes(size, lang)} (${bytes(size)} bytes)`, max }) : t('too_large.text_no_size', { max })}
    </Alert>
  );
}

/**
 * The writer's version kept after theirs was reloaded into the editor: its text to copy from, or the whole version
 * (title, address, tags, content, fields) put back deliberately, to be saved over theirs.
 */
function KeptVersion({ kept, onUse, onDismiss }: { kept: HandbookValues; onUse: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('notes');
  const [open, setOpen] = useState(true);
  return (
    <Alert color="blue" variant="light" title={t('conflict.kept_title')} data-testid="kept-version" withCloseButton onClose={onDismiss}>
      <Stack gap="xs">
        <Text size="sm">{t('conflict.kept_text')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => setOpen((o) => !o)}>
            {open ? t('conflict.hide_mine') : t('conflict.show_mine')}
          </Button>
          <Button size="compact-sm" variant="light" color="orange" onClick={onUse} data-testid="use-mine">
            {t('conflict.use_mine')}
          </Button>
        </Group>
        <Collapse in={open}>
          <Textarea aria-label={t('conflict.mine')} value={kept.content} readOnly autosize minRows={3} maxRows={12} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
        </Collapse>
      </Stack>
    </Alert>
  );
}
