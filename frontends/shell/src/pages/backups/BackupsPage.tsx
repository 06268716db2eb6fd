import { Alert, Anchor, Badge, Breadcrumbs, Button, FileButton, Group, Modal, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BackupDoc, BackupRestoreBody, BackupRestoreDoc } from '@app/proto';
import { usePhone } from '@app/ui';
import { accountQuery } from '../../app/api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { AdminOnly } from '../admin/AdminOnly';
import { formatSize } from '../billing/billing-rules';
import { useBackUpNow, useBackupSettings, useBackups, useCombined, useRestore, useUpload } from './backups-data';
import { backupErrorKey, confirmMatches, downloadHref, failedForDriveStorage, isPending, restoreDriveStorage, scheduleKey } from './backups.rules';

/**
 * The group's backups (spec §2 adminnoop entry, §6/§9): the archives with their date, kind, status, records, disk files
 * and size, "Back up now", a download per archive, a restore (into a new group, or over this group after typing its name) of a listed
 * archive or of an archive file, the restores made, and the owner's archive of all their groups. Administrators only.
 */
export default function BackupsPage() {
  const { account_id = '' } = useParams();
  return (
    <AdminOnly accountId={account_id}>
      <BackupsPageContent accountId={account_id} />
    </AdminOnly>
  );
}

type Restoring = { backup: BackupDoc; file?: never } | { file: File; backup?: never };

const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

function BackupsPageContent({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const account = useQuery(accountQuery(accountId));
  const settings = useBackupSettings();
  const backups = useBackups(accountId);
  const backUpNow = useBackUpNow(accountId);
  const [restoring, setRestoring] = useState<Restoring | null>(null);
  const groupName = account.data?.name ?? '';
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const records = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const base = `/account/${accountId}`;
  const docs = backups.data?.docs ?? [];
  const phone = usePhone();
  const restores = backups.data?.restores ?? [];
  return (
    <Stack maw={960} mx="auto" data-testid="backups-page">
      <Breadcrumbs>
        <Anchor component={Link} to={base} size="sm">
          {t('backups.breadcrumb_dashboard')}
        </Anchor>
        <Anchor component={Link} to={`${base}/admin`} size="sm">
          {t('backups.breadcrumb_admin')}
        </Anchor>
        <Text size="sm">{t('backups.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t('backups.title')}
        </Title>
        <Group gap="xs">
          <FileButton onChange={(file) => file && setRestoring({ file })} accept=".gz,.tgz,application/gzip">
            {(props) => (
              <Button {...props} variant="default" size="sm" data-testid="backups-upload">
                {t('backups.upload')}
              </Button>
            )}
          </FileButton>
          <Button size="sm" onClick={() => backUpNow.mutate()} loading={backUpNow.isPending} data-testid="backups-now">
            {t('backups.back_up_now')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        {t('backups.intro', { schedule: t(`backups.schedule.${scheduleKey(account.data?.['confirmed-plan'])}`), keep: settings.data?.keep ?? 5 })}
      </Text>
      <ErrorBanner error={backups.error ?? backUpNow.error} />
      <Paper withBorder radius="md" p="md">
        {backups.isSuccess && docs.length === 0 && <Text c="dimmed">{t('backups.empty')}</Text>}
        {docs.length > 0 && (
          <BackupList
            docs={docs}
            phone={phone}
            date={date}
            number={(d) => (d.status === 'done' ? number(records(d.counts)) : '')}
            files={(d) => (d.status === 'done' && d.files !== undefined ? t('backups.files', { count: d.files, size: formatSize(d.file_bytes ?? 0, language) }) : '')}
            size={(d) => (d.size !== null ? formatSize(d.size, language) : '')}
            actions={(d) =>
              d.status === 'done' && (
                <Group gap={4} wrap="nowrap">
                  <Button component="a" href={downloadHref(accountId, d._id)} download size="compact-xs" variant="light" data-testid="backup-download">
                    {t('backups.download')}
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => setRestoring({ backup: d })} data-testid="backup-restore">
                    {t('backups.restore')}
                  </Button>
                </Group>
              )
            }
          />
        )}
      </Paper>
      {restores.length > 0 && <RestoresCard restores={restores} date={date} plan={account.data?.['confirmed-plan']} />}
      <CombinedCard date={date} />
      {restoring && (
        <RestoreDialog accountId={accountId} groupName={groupName} plan={account.data?.['confirmed-plan']} restoring={restoring} onClose={() => setRestoring(null)} />
      )}
    </Stack>
  );
}

interface BackupListProps {
  docs: BackupDoc[];
  phone: boolean;
  date: (iso: string) => string;
  number: (doc: BackupDoc) => string;
  /** the disk files archived and their bytes ('' before it is done, or for an archive made before files were) */
  files: (doc: BackupDoc) => string;
  size: (doc: BackupDoc) => string;
  actions: (doc: BackupDoc) => ReactNode;
}

/** The archives: a table on wider screens, one card each on a phone (a table's columns do not fit 390 px). */
function BackupList({ docs, phone, date, number, files, size, actions }: BackupListProps) {
  const { t } = useTranslation();
  const status = (doc: BackupDoc) => (
    <Badge color={STATUS_COLORS[doc.status]} variant="light" title={doc.error ?? undefined} style={{ flexShrink: 0 }}>
      {t(`backups.statuses.${doc.status}`)}
    </Badge>
  );
  if (phone)
    return (
      <Stack gap="sm" data-testid="backups-cards">
        {docs.map((doc) => (
          <Paper key={doc._id} withBorder radius="sm" p="sm" data-testid="backup-row" data-status={doc.status}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {date(doc.created_at)}
              </Text>
              {status(doc)}
            </Group>
            <Text size="sm" c="dimmed" data-testid="backup-summary">
              {[t(`backups.kinds.${doc.kind}`), number(doc) && `${number(doc)} ${t('backups.columns.records').toLowerCase()}`, files(doc), size(doc)]
                .filter(Boolean)
                .map((part, i) => (
                  // a line breaks between the parts, never inside one ('2,5 kB', '2 files (80 kB)')
                  <Fragment key={i}>
                    {i > 0 && ' · '}
                    <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                  </Fragment>
                ))}
            </Text>
            <Group mt={6}>{actions(doc)}</Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped data-testid="backups-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('backups.columns.date')}</Table.Th>
          <Table.Th>{t('backups.columns.kind')}</Table.Th>
          <Table.Th>{t('backups.columns.status')}</Table.Th>
          <Table.Th ta="right">{t('backups.columns.records')}</Table.Th>
          <Table.Th ta="right">{t('backups.columns.files')}</Table.Th>
          <Table.Th ta="right">{t('backups.columns.size')}</Table.Th>
          <Table.Th>{t('backups.columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {docs.map((doc) => (
          <Table.Tr key={doc._id} data-testid="backup-row" data-status={doc.status}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(doc.created_at)}</Table.Td>
            <Table.Td>{t(`backups.kinds.${doc.kind}`)}</Table.Td>
            <Table.Td>{status(doc)}</Table.Td>
            <Table.Td ta="right">{number(doc)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="backup-files">
              {files(doc)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {size(doc)}
            </Table.Td>
            <Table.Td>{actions(doc)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RestoresCard({ restores, date, plan }: { restores: BackupRestoreDoc[]; date: (iso: string) => string; plan: unknown }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="restores">
      <Title order={3} size="h5" mb="xs">
        {t('backups.restores_title')}
      </Title>
      <Stack gap="xs">
        {restores.map((r) => (
          <Stack key={r._id} gap={2} data-testid="restore-row" data-status={r.status}>
            <Group gap="xs" justify="space-between">
              <Text size="sm">
                {date(r.created_at)} · {t(`backups.restore_into.${r.mode}`)}
              </Text>
              <Group gap="xs">
                <Badge color={STATUS_COLORS[r.status]} variant="light" title={r.error ?? undefined}>
                  {t(`backups.statuses.${r.status}`)}
                </Badge>
                {r.status === 'done' && r.mode === 'new' && r.target_account_id && (
                  <Anchor component={Link} to={`/account/${r.target_account_id}`} size="sm" data-testid="restore-open">
                    {t('backups.open_group')}
                  </Anchor>
                )}
              </Group>
            </Group>
            {failedForDriveStorage(r) && (
              <Text size="sm" c="red">
                {t(`backups.errors.drive_storage_${r.mode}`, { quota: formatSize(restoreDriveStorage(r.mode, plan), i18n.language) })}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function CombinedCard({ date }: { date: (iso: string) => string }) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState(false);
  const combined = useCombined(asked);
  const doc = combined.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="combined">
      <Title order={3} size="h5">
        {t('backups.combined.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('backups.combined.text')}
      </Text>
      <ErrorBanner error={combined.error} />
      {doc?.status === 'done' ? (
        <Group gap="xs">
          <Text size="sm">{t('backups.combined.ready', { date: date(doc.created_at), size: formatSize(doc.size ?? 0, i18n.language) })}</Text>
          <Button component="a" href="/backups/combined/download" download size="compact-sm" variant="light">
            {t('backups.combined.download')}
          </Button>
        </Group>
      ) : (
        <Button size="compact-sm" variant="default" onClick={() => setAsked(true)} loading={asked && (combined.isFetching || (!!doc && isPending(doc)))}>
          {doc && isPending(doc) ? t('backups.combined.preparing') : t('backups.combined.prepare')}
        </Button>
      )}
    </Paper>
  );
}

interface RestoreDialogProps {
  accountId: string;
  groupName: string;
  /** the group's plan: its drive storage is what a restore over the group must fit */
  plan: unknown;
  restoring: Restoring;
  onClose: () => void;
}

function RestoreDialog({ accountId, groupName, plan, restoring, onClose }: RestoreDialogProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<BackupRestoreBody['mode']>('new');
  const [typed, setTyped] = useState('');
  const restore = useRestore(accountId);
  const upload = useUpload(accountId);
  const settings = useBackupSettings();
  const pending = restore.isPending || upload.isPending;
  const error = restore.error ?? upload.error;
  // the refusal's text follows the mode that was asked, even once the radio is moved
  const refusedMode = (restore.error ? restore.variables?.body.mode : upload.variables?.body.mode) ?? mode;
  // a file past the upload bound is refused here, not after sending it all
  const tooLarge = !!restoring.file && !!settings.data && restoring.file.size > settings.data.upload_max_bytes;
  const known = tooLarge ? 'too_large' : backupErrorKey(error, refusedMode);
  const ready = !tooLarge && (mode === 'new' || confirmMatches(groupName, typed));
  const submit = () => {
    const body: BackupRestoreBody = mode === 'replace' ? { mode, confirm: typed } : { mode };
    const done = { onSuccess: onClose };
    if (restoring.backup) restore.mutate({ backupId: restoring.backup._id, body }, done);
    else upload.mutate({ file: restoring.file, body }, done);
  };
  const archivedName = restoring.backup?.name || groupName;
  return (
    <Modal opened onClose={onClose} title={t(restoring.file ? 'backups.dialog.title_upload' : 'backups.dialog.title')} centered>
      <Stack data-testid="restore-dialog">
        {restoring.file && <Text size="sm">{t('backups.dialog.file', { name: restoring.file.name })}</Text>}
        <Radio.Group value={mode} onChange={(v) => setMode(v as BackupRestoreBody['mode'])} label={t('backups.dialog.mode')}>
          <Stack gap="xs" mt="xs">
            <Radio value="new" label={restoring.file ? t('backups.dialog.new_upload') : t('backups.dialog.new', { name: archivedName })} data-testid="restore-mode-new" />
            <Radio value="replace" label={t('backups.dialog.replace')} data-testid="restore-mode-replace" />
          </Stack>
        </Radio.Group>
        {mode === 'replace' && (
          <TextInput
            label={t('backups.dialog.confirm_label', { name: groupName })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={typed !== '' && !confirmMatches(groupName, typed) ? t('backups.dialog.confirm_mismatch') : undefined}
            data-testid="restore-confirm"
            autoComplete="off"
          />
        )}
        {known?.startsWith('drive_storage_') ? (
          <Alert color="red" variant="light" role="alert" data-testid="restore-drive-storage">
            <Text size="sm">{t(`backups.errors.${known}`, { quota: formatSize(restoreDriveStorage(refusedMode, plan), i18n.language) })}</Text>
            <Anchor component={Link} to={`/checkout?account_id=${encodeURIComponent(accountId)}`} size="sm" mt={4} display="inline-block">
              {t('backups.errors.plans')}
            </Anchor>
          </Alert>
        ) : known ? (
          <Alert color="red" variant="light" role="alert">
            {t(`backups.errors.${known}`, { size: formatSize(settings.data?.upload_max_bytes ?? 0, i18n.language) })}
          </Alert>
        ) : (
          <ErrorBanner error={error} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('backups.dialog.cancel')}
          </Button>
          <Button color={mode === 'replace' ? 'red' : undefined} disabled={!ready} loading={pending} onClick={submit} data-testid="restore-submit">
            {t('backups.dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
