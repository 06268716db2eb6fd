import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiskModal } from '../../components/DiskModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useInvalidate } from '../../hooks/invalidate';
import { disk } from '../../lib/api';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { nameError } from '../../lib/files';
import { useRoute } from '../../routing';

/** A new folder in the folder shown (the root: dir_id null); a name already there is refused under the field. */
export function NewFolderModal({ opened, onClose, dirId }: { opened: boolean; onClose: () => void; dirId: string | null }) {
  const { t } = useTranslation('disk');
  return (
    <DiskModal opened={opened} onClose={onClose} title={t('actions.new_folder')}>
      {opened && <NewFolderForm onClose={onClose} dirId={dirId} />}
    </DiskModal>
  );
}

function NewFolderForm({ onClose, dirId }: { onClose: () => void; dirId: string | null }) {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const invalidate = useInvalidate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: () => disk.createFolder(accountId, name, dirId),
    onSuccess: async () => {
      await invalidate();
      onClose();
    },
    onError: (err) => setError(serverFieldErrors(err).name),
  });
  const submit = () => {
    const found = nameError(name);
    setError(found);
    if (!found) create.mutate();
  };
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack>
        {!isFieldError(create.error) && <ErrorBanner error={create.error} />}
        <TextInput
          label={t('fields.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error && t(error, { ns: ['disk', 'translation'] })}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
