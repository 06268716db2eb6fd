import type { Doc } from '@app/proto';
import { Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FieldInput } from '../../components/fields';
import { useFeatures } from '../../hooks/account';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { accountPath, useRoute } from '../../routing';
import type { EntityDef } from './entities';
import { editableFields, initialValues, requiredErrors, toDocument, unreadableNumbers, type Values } from './record-data';
import { useDoc } from './RecordShowPage';
import { holdsMoney, MoneyItemsInput } from './money-items';
import { ErrorBanner, PageHeader, FormActions } from '@app/module-kit';

/**
 * Brazil-only customer fields (CPF, CNPJ, documents, registrations) show when the interface is in Portuguese or the
 * record already has one of them; a switch reveals them in English too.
 */
export function brazilFieldsShown(language: string, values: Values, fields: EntityDef['fields']): boolean {
  if (language.toLowerCase().startsWith('pt')) return true;
  return fields.some((f) => f.brazil && typeof values[f.name] === 'string' && (values[f.name] as string).trim() !== '');
}

/** New and edit of a record kind: client checks first (required, the kind's own), then the server's 422 reason map
 * under the fields, a 409 as the conflict banner. */
export function RecordFormPage({ def }: { def: EntityDef }) {
  const { accountId, recordId } = useRoute();
  const record = useDoc(accountId, recordId);
  const { t } = useTranslation('tickets');
  if (recordId && record.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !record.data) return <ErrorBanner error={record.error} />;
  return <RecordForm key={record.data?._rev ?? 'new'} def={def} doc={record.data} />;
}

export function RecordForm({ def, doc }: { def: EntityDef; doc?: Doc }) {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [search] = useSearchParams();
  const features = useFeatures(accountId);
  const [values, setValues] = useState<Values>(() => initialValues(def, doc, search));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hasBrazil = def.fields.some((f) => f.brazil);
  const [brazil, setBrazil] = useState(() => brazilFieldsShown(i18n.language, values, def.fields));
  useEffect(() => {
    if (i18n.language.toLowerCase().startsWith('pt')) setBrazil(true);
  }, [i18n.language]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, def.segment, reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found = { ...requiredErrors(def, values), ...unreadableNumbers(def, values), ...(def.validate?.(values) ?? {}) };
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toDocument(def, values, doc));
  };
  const fields = editableFields(def).filter((f) => (!f.brazil || brazil) && (!f.feature || features[f.feature]));
  const tr = (key: string | undefined) => key && t(key, { ns: ['tickets', 'translation'] });
  const words = { language: i18n.language, noun: t(`entities.${def.segment}.one`) };
  const title = doc ? t('common.edit_title', { name: def.title(doc, words) }) : t(`entities.${def.segment}.new`);
  return (
    <Stack>
      <PageHeader title={title} back={{ to: accountPath(accountId, def.segment, doc?._id), label: doc ? def.title(doc, words) : t(`entities.${def.segment}.many`) }} />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields
              .filter((f) => f.kind !== 'items' && f.kind !== 'textarea')
              .map((f) => (
                <FieldInput key={f.name} field={f} accountId={accountId} value={values[f.name]} error={tr(errors[f.name])} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
              ))}
          </SimpleGrid>
          {fields
            .filter((f) => f.kind === 'items' || f.kind === 'textarea')
            .map((f) =>
              holdsMoney(f) ? (
                <MoneyItemsInput key={f.name} field={f} value={Array.isArray(values[f.name]) ? (values[f.name] as Values[]) : []} error={tr(errors[f.name])} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
              ) : (
                <FieldInput key={f.name} field={f} accountId={accountId} value={values[f.name]} error={tr(errors[f.name])} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
              ),
            )}
          {hasBrazil && (
            <Switch label={t('common.brazil_fields')} checked={brazil} onChange={(e) => setBrazil(e.currentTarget.checked)} data-testid="brazil-switch" />
          )}
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
