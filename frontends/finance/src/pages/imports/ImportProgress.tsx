import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROGRESS_POLL_MS, useImportProgress } from '../../hooks/imports';
import { failureText, importPercent, progressKey } from '../../lib/import-progress';
import type { Denomination } from '../../lib/money';
import { accountPath, useRoute } from '../../routing';
import { UndoImportDialog } from './UndoImportDialog';
import { ErrorBanner } from '@app/module-kit';

/**
 * An import under way: a progress bar read every PROGRESS_POLL_MS that glides at an even pace to each reading over the
 * time until the next one (smooth between the service's reports, never ahead of them; an import done within one read
 * shows done), then its outcome (records created, duplicates skipped) with links to them and Undo; a failed import's
 * line and reason (nothing was written); an undone one's count.
 */
export function ImportProgress({ id, wallet, fileName, onAgain }: { id: string; wallet?: Denomination & { _id: string; name?: string }; fileName: string | null; onAgain: () => void }) {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const progress = useImportProgress(accountId, id);
  const [undoing, setUndoing] = useState(false);
  const doc = progress.data;
  const status = doc?.status ?? 'queued';
  const percent = importPercent(doc);
  const running = status === 'queued' || status === 'running' || status === 'undoing';
  const color = status === 'failed' ? 'red' : status === 'done' ? 'teal' : status === 'undone' ? 'gray' : 'blue';
  const walletParam = wallet ? `?wallet=${encodeURIComponent(wallet._id)}` : '';
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-card" data-status={status}>
      <Stack gap="sm">
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {running && fileName ? t('imports.importing_file', { name: fileName }) : (fileName ?? t('imports.title'))}
        </Title>
        <Progress
          value={percent}
          color={color}
          size="xl"
          radius="sm"
          striped={running}
          animated={running}
          aria-label={t('imports.progress_label')}
          data-testid="import-progress"
          data-percent={percent}
          transitionDuration={PROGRESS_POLL_MS}
          styles={{ section: { transitionTimingFunction: 'linear' } }}
        />
        <Text size="sm" data-testid="import-status">
          {t(`imports.progress.${progressKey(doc)}`, { done: doc?.done_rows ?? 0, total: doc?.total_rows ?? 0, percent })}
        </Text>
        <ErrorBanner error={progress.error} onRetry={() => void progress.refetch()} retrying={progress.isFetching} />
        {status === 'done' && doc && (
          <Stack gap={6}>
            <Text fw={600} data-testid="import-result">
              {t('imports.result', { created: doc.created ?? 0, duplicates: doc.duplicates ?? 0 })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('imports.result_hint')}
            </Text>
            <Group gap="md">
              <Anchor component={Link} to={`${accountPath(accountId, 'outgos')}${walletParam}`} size="sm">
                {t('imports.see_outgos')}
              </Anchor>
              <Anchor component={Link} to={`${accountPath(accountId, 'incomes')}${walletParam}`} size="sm">
                {t('imports.see_incomes')}
              </Anchor>
            </Group>
          </Stack>
        )}
        {status === 'failed' && (
          <Alert color="red" variant="light" role="alert" title={t('imports.progress.failed')} data-testid="import-failure">
            {failureText(t, doc?.error)}
          </Alert>
        )}
        {status === 'undone' && (
          <Text data-testid="import-undone">{t('imports.undone', { count: doc?.undone_records ?? 0 })}</Text>
        )}
        <Group justify="flex-end" gap="xs">
          {status === 'done' && (
            <Button color="red" variant="light" onClick={() => setUndoing(true)} data-testid="undo-import">
              {t('imports.undo')}
            </Button>
          )}
          {!running && (
            <Button variant={status === 'done' ? 'default' : 'filled'} onClick={onAgain} data-testid="import-again">
              {t('imports.again')}
            </Button>
          )}
        </Group>
      </Stack>
      {doc && <UndoImportDialog doc={doc} opened={undoing} onClose={() => setUndoing(false)} />}
    </Paper>
  );
}
