import type { ReaderLabelDoc } from '@app/proto';
import { Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInvalidate } from '../../hooks/invalidate';
import { useLabel } from '../../hooks/reader';
import { docs } from '../../lib/api';
import { fieldMessage, isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { toLabelDocument, validateLabel, type Errors } from '../../lib/subscriptions';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a label. */
export default function LabelFormPage() {
  const { t } = useTranslation('reader');
  const { accountId, recordId } = useRoute();
  const label = useLabel(accountId, recordId);
  if (recordId && label.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !label.data) return <ErrorBanner error={label.error} onRetry={() => void label.refetch()} retrying={label.isFetching} />;
  return <LabelForm key={label.data?._rev ?? 'new'} doc={label.data} />;
}

export function LabelForm({ doc }: { doc?: ReaderLabelDoc }) {
  const { t } = useTranslation('reader');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [name, setName] = useState(doc?.name ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'reader_labels', reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found = validateLabel(name);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toLabelDocument(name, doc));
  };
  return (
    <Stack>
      <PageHeader
        title={doc ? t('common.edit_title', { name: doc.name ?? doc._id }) : t('labels.new')}
        back={{ to: accountPath(accountId, 'reader_labels', doc?._id), label: doc ? (doc.name ?? doc._id) : t('labels.many') }}
      />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <TextInput label={t('fields.name')} name="name" required autoFocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name && fieldMessage(t, errors.name)} />
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
