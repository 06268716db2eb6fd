import type { CloudFileDoc, FileColor } from '@app/proto';
import { Button, CheckIcon, ColorSwatch, Group, Input, NumberInput, Stack, Switch, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, TEXTAREA_MAX_ROWS, TEXTAREA_ROWS } from '@app/ui';
import { DiskModal } from '../../components/DiskModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useInvalidate } from '../../hooks/invalidate';
import { disk } from '../../lib/api';
import { COLORS, DESCRIPTION_MAX, isFolder, MOST_VERSIONS_KEPT, VERSIONS_KEPT_BY_DEFAULT } from '../../lib/contract';
import { isFieldError, serverFieldErrors, type Errors } from '../../lib/field-errors';
import { nameError } from '../../lib/files';
import { useRoute } from '../../routing';

/** Edit of a file or folder: name, description, colour, starred and (files) how many versions are kept. */
export function EditModal({ opened, onClose, doc }: { opened: boolean; onClose: () => void; doc: CloudFileDoc }) {
  const { t } = useTranslation('disk');
  return (
    <DiskModal opened={opened} onClose={onClose} title={t('edit.title', { name: doc.name })}>
      {opened && <EditForm doc={doc} onClose={onClose} />}
    </DiskModal>
  );
}

export interface EditValues {
  name: string;
  description: string;
  color: FileColor | null;
  starred: boolean;
  /** '' keeps the default */
  max_versions: number | '';
}

/** The changes a saved form makes: blanks become null (the field is cleared), and max_versions only for files. */
export function editChanges(values: EditValues, dir: boolean): Record<string, unknown> {
  const changes: Record<string, unknown> = {
    name: values.name,
    description: values.description.trim() ? values.description : null,
    color: values.color,
    starred: values.starred,
  };
  if (!dir) changes.max_versions = values.max_versions === '' ? null : values.max_versions;
  return changes;
}

function EditForm({ doc, onClose }: { doc: CloudFileDoc; onClose: () => void }) {
  const { t } = useTranslation('disk');
  const { accountId } = useRoute();
  const invalidate = useInvalidate();
  const dir = isFolder(doc.kind);
  const [values, setValues] = useState<EditValues>({
    name: doc.name ?? '',
    description: doc.description ?? '',
    color: doc.color ?? null,
    starred: !!doc.starred,
    max_versions: doc.max_versions ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const save = useMutation({
    mutationFn: () => disk.save(accountId, doc, editChanges(values, dir)),
    onSuccess: async () => {
      await invalidate();
      onClose();
    },
    onError: (err) => {
      setErrors(serverFieldErrors(err));
      if (isApiError(err) && err.status === 409) void invalidate();
    },
  });
  const submit = () => {
    const found: Errors = {};
    const bad = nameError(values.name);
    if (bad) found.name = bad;
    if (values.description.length > DESCRIPTION_MAX) found.description = 'validation.is-too-long';
    setErrors(found);
    if (!Object.keys(found).length) save.mutate();
  };
  const err = (field: string) => errors[field] && t(errors[field], { ns: ['disk', 'translation'] });
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack>
        {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
        <TextInput label={t('fields.name')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} required data-autofocus />
        <Textarea
          label={t('fields.description')}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={err('description')}
          autosize
          minRows={TEXTAREA_ROWS}
          maxRows={TEXTAREA_MAX_ROWS}
        />
        <Input.Wrapper label={t('fields.color')} error={err('color')}>
          <Group gap={8} mt={4} role="radiogroup" aria-label={t('fields.color')}>
            <UnstyledButton
              role="radio"
              aria-checked={values.color === null}
              onClick={() => set('color', null)}
              aria-label={t('colors.none')}
              title={t('colors.none')}
              style={{ width: 28, height: 28, borderRadius: '50%', border: '2px dashed var(--mantine-color-gray-5)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              {values.color === null && <CheckIcon size={12} />}
            </UnstyledButton>
            {COLORS.map((c) => (
              <ColorSwatch
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={values.color === c}
                aria-label={t(`colors.${c}`)}
                title={t(`colors.${c}`)}
                color={`var(--mantine-color-${c}-6)`}
                onClick={() => set('color', c)}
                style={{ color: '#fff', cursor: 'pointer' }}
                size={28}
              >
                {values.color === c && <CheckIcon size={12} />}
              </ColorSwatch>
            ))}
          </Group>
        </Input.Wrapper>
        <Switch label={t('fields.starred')} checked={values.starred} onChange={(e) => set('starred', e.currentTarget.checked)} />
        {!dir && (
          <NumberInput
            label={t('fields.max_versions')}
            description={t('edit.max_versions_hint', { count: VERSIONS_KEPT_BY_DEFAULT })}
            placeholder={String(VERSIONS_KEPT_BY_DEFAULT)}
            value={values.max_versions}
            onChange={(v) => set('max_versions', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            min={1}
            max={MOST_VERSIONS_KEPT}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            error={err('max_versions')}
            styles={{ wrapper: { maxWidth: 200 } }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
