import type { Doc, Klass } from '@app/proto';
import { Button, SimpleGrid, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FieldValue, useLabelsFor } from '../../components/fields';
import { useFeatures } from '../../hooks/account';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { accountPath, useRoute } from '../../routing';
import type { EntityDef } from './entities';
import { holdsMoney, MoneyItemsTable } from './money-items';
import { DeleteDialog, ErrorBanner, PageHeader } from '@app/module-kit';

/**
 * A document an edit form saves from, with the revision it holds: a live change only marks it stale (the shell's
 * isRecordQuery, @app/ui's followHostLiveChanges), so the form is never replaced under the user's hands.
 */
export const docKey = (accountId: string, id: string) => ['tickets', 'doc', accountId, id] as const;

/**
 * A document a page shows (the ticket page, a record's or a comment's detail): a live change reads it again, so an open
 * page follows what other members and the customer's status page change (issue 31: the ticket's history, an estimate's
 * answer). Not the form's key: a form's query must stay as it was loaded.
 */
export const shownDocKey = (accountId: string, id: string) => ['tickets', 'shown', accountId, id] as const;

/** A document by id for an edit form (docKey); `useDoc<'Ticket'>` types it as that klass's. */
export function useDoc<K extends Klass = never>(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: docKey(accountId, id ?? ''), queryFn: () => docs.get<K>(accountId, id!), enabled: !!id });
}

/** A document by id for a page that shows it (shownDocKey): it follows live changes. */
export function useShownDoc<K extends Klass = never>(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: shownDocKey(accountId, id ?? ''), queryFn: () => docs.get<K>(accountId, id!), enabled: !!id });
}

/** A record's detail: every field (Brazil-only ones when filled), edit and delete, and the kind's extra sections. */
export function RecordShowPage({ def, extra, actions }: { def: EntityDef; extra?: (doc: Doc) => ReactNode; actions?: (doc: Doc) => ReactNode }) {
  const { t, i18n } = useTranslation('tickets');
  const words = { language: i18n.language, noun: t(`entities.${def.segment}.one`) };
  const { accountId, recordId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const record = useShownDoc(accountId, recordId);
  const features = useFeatures(accountId);
  const labels = useLabelsFor(def.fields, accountId);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: (doc: Doc) => docs.remove(accountId, doc._id, doc._rev),
    onSuccess: async () => {
      await invalidate();
      navigate(accountPath(accountId, def.segment));
    },
  });
  const back = { to: accountPath(accountId, def.segment), label: t(`entities.${def.segment}.many`) };
  if (record.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!record.data)
    return (
      <Stack>
        <PageHeader title={t(`entities.${def.segment}.one`)} back={back} />
        <ErrorBanner error={record.error} />
      </Stack>
    );
  const doc = record.data;
  const shown = def.fields.filter((f) => (!f.brazil || (doc[f.name] !== undefined && doc[f.name] !== '')) && (!f.feature || features[f.feature]));
  return (
    <Stack>
      <PageHeader
        title={def.title(doc, words)}
        back={back}
        actions={
          <>
            {actions?.(doc)}
            <Button component={Link} to={accountPath(accountId, def.segment, doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <DeleteDialog
        opened={deleting}
        name={def.title(doc, words)}
        title={t(`entities.${def.segment}.delete_title`)}
        onConfirm={() => remove.mutateAsync(doc)}
        onClose={() => setDeleting(false)}
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {shown.map((f) => (
            <div key={f.name} style={f.kind === 'items' || f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <Text size="xs" c="dimmed">
                {t(`fields.${f.name}`)}
              </Text>
              <div data-testid={`field-${f.name}`}>
                {holdsMoney(f) ? (
                  <MoneyItemsTable field={f} items={Array.isArray(doc[f.name]) ? (doc[f.name] as Record<string, unknown>[]) : []} />
                ) : (
                  <FieldValue field={f} value={doc[f.name]} accountId={accountId} refLabels={labels} />
                )}
              </div>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {extra?.(doc)}
    </Stack>
  );
}
