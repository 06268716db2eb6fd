import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, Phone } from '@app/proto';
import { ConfirmDialog } from '@app/ui';
import { ErrorBanner } from '../../components/ErrorBanner';
import { newId, parseList, useSaveSetting, useSettings } from './admin-data';

/** A phone or an address being edited (proto's Phone and Address, by field name). */
export interface ContactEntry {
  id: string;
  main?: boolean;
  description?: string;
  [field: string]: unknown;
}

/** The fields the form edits, named as proto's Phone and Address name them. */
const FIELDS = {
  phones: ['description', 'number'] as const satisfies readonly (keyof Phone)[],
  addresses: ['description', 'zip_code', 'street', 'number', 'neighborhood', 'complement', 'city', 'state'] as const satisfies readonly (keyof Address)[],
};

type Kind = keyof typeof FIELDS;

const DIALOG_PARTS = { Modal, Button, Alert };

/** Summary line of an entry: a phone's number, an address's street line. */
function summary(kind: Kind, e: ContactEntry): string {
  const s = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : '');
  if (kind === 'phones') return s('number');
  return [[s('street'), s('number')].filter(Boolean).join(', '), s('neighborhood'), [s('city'), s('state')].filter(Boolean).join('/'), s('zip_code')]
    .filter(Boolean)
    .join(' · ');
}

/** The phones or addresses of the group (a JSON-text list in one setting): new, edit and delete for administrators. */
export function ContactsCard({ accountId, kind, isAdmin }: { accountId: string; kind: Kind; isAdmin: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings(accountId);
  const save = useSaveSetting(accountId);
  const entries = parseList<ContactEntry>(settings.data?.[kind]?.value);
  const [editing, setEditing] = useState<ContactEntry | null>(null);
  const [isNew, setIsNew] = useState(false);
  const [removing, setRemoving] = useState<ContactEntry | null>(null);
  const singular = kind === 'phones' ? 'phone' : 'address';

  const write = (list: ContactEntry[]) => save.mutateAsync({ key: kind, value: JSON.stringify(list) });
  const submit = async (entry: ContactEntry) => {
    let list = isNew ? [...entries, entry] : entries.map((e) => (e.id === entry.id ? entry : e));
    if (entry.main) list = list.map((e) => (e.id === entry.id ? e : { ...e, main: false }));
    await write(list);
    setEditing(null);
  };
  // asked through the app's dialog, which shows a failed save itself
  const remove = (id: string) => write(entries.filter((e) => e.id !== id));

  return (
    <Paper withBorder radius="md" p="md" data-testid={`${kind}-card`}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t(`admin.contacts.${kind}`)}
        </Title>
        {isAdmin && (
          <Button
            size="xs"
            variant="default"
            disabled={!settings.data}
            onClick={() => {
              setIsNew(true);
              setEditing({ id: newId(), main: entries.length === 0 });
            }}
          >
            {t('admin.contacts.new')}
          </Button>
        )}
      </Group>
      <ErrorBanner error={settings.error ?? (removing ? null : save.error)} />
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.contacts.empty')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {e.description || summary(kind, e)}
                  </Text>
                  {e.description && (
                    <Text size="xs" c="dimmed">
                      {summary(kind, e)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td w={70}>{e.main && <Badge size="xs">{t('admin.contacts.main')}</Badge>}</Table.Td>
                {isAdmin && (
                  <Table.Td w={80}>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('admin.contacts.edit')}
                        onClick={() => {
                          setIsNew(false);
                          setEditing(e);
                        }}
                      >
                        ✎
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('admin.contacts.delete')} onClick={() => setRemoving(e)}>
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        parts={DIALOG_PARTS}
        opened={!!removing}
        name={removing ? [removing.description, summary(kind, removing)].filter(Boolean).join(' · ') : ''}
        title={t(`confirm_dialog.${singular}_title`)}
        onConfirm={() => remove(removing!.id)}
        onClose={() => setRemoving(null)}
      />
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={t(`admin.contacts.${isNew ? 'new' : 'edit'}_${singular}`)}
      >
        {editing && <EntryForm kind={kind} entry={editing} saving={save.isPending} error={save.error} onSubmit={(e) => void submit(e).catch(() => undefined)} onCancel={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}

function EntryForm({
  kind,
  entry,
  saving,
  error,
  onSubmit,
  onCancel,
}: {
  kind: Kind;
  entry: ContactEntry;
  saving: boolean;
  error: unknown;
  onSubmit: (e: ContactEntry) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ContactEntry>(entry);
  const set = (k: string, v: unknown) => setDraft((d) => ({ ...d, [k]: v }));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(draft);
      }}
    >
      <Stack gap="sm">
        <ErrorBanner error={error} />
        {FIELDS[kind].map((field, i) => (
          <TextInput
            key={field}
            label={t(`admin.contacts.${field}`)}
            data-autofocus={i === 0 || undefined}
            required={kind === 'phones' && field === 'number'}
            value={typeof draft[field] === 'string' ? (draft[field] as string) : ''}
            onChange={(e) => set(field, e.currentTarget.value)}
          />
        ))}
        <Checkbox label={t('admin.contacts.main')} checked={!!draft.main} onChange={(e) => set('main', e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('admin.contacts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
