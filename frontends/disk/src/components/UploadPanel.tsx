import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reasonKey } from '@app/ui';
import { useUploads } from '../hooks/uploads';
import { formatBytes } from '../lib/format';
import { isFinished, percent, type UploadItem, type UploadTarget } from '../lib/uploads';

const COLOR: Record<UploadItem['status'], string> = {
  queued: 'gray',
  uploading: 'blue',
  retrying: 'orange',
  done: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** One progress bar per upload: the bytes sent, its state (waiting, resuming after a dropped connection, done), a
 * refusal's reason (a full disk), and a button to stop it. `only`: the uploads of one place (a file's new versions in
 * its versions dialog), whose finished rows alone are cleared there; without it, every upload. */
export function UploadPanel({ only }: { only?: (target: UploadTarget) => boolean } = {}) {
  const { t, i18n } = useTranslation('disk');
  const uploads = useUploads();
  const items = only ? uploads.items.filter((i) => only(i.target)) : uploads.items;
  const { cancel } = uploads;
  const clear = () => uploads.clear(only ? items.map((i) => i.key) : undefined);
  if (!items.length) return null;
  const lang = i18n.language;
  // The server's reason carries the figures (what the file needs, what is free) but is written in English: an English
  // screen shows it as it is; another language shows our sentence for the case first, then the reason.
  const english = i18n.language.toLowerCase().startsWith('en');
  const errorText = (item: UploadItem) => {
    const e = item.error;
    if (!e) return '';
    const ours = t(`upload.errors.${e.key ?? 'refused'}`);
    if (!e.reason) return ours;
    const known = t(`errors.reason.${reasonKey(e.reason)}`, { ns: ['disk', 'translation'], defaultValue: '' });
    if (known) return known;
    return english ? e.reason : `${ours} (${e.reason})`;
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="upload-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('upload.title')}
          </Text>
          {items.some(isFinished) && (
            <Button size="compact-xs" variant="subtle" onClick={clear}>
              {t('upload.clear')}
            </Button>
          )}
        </Group>
        {items.map((item) => (
          <Stack key={item.key} gap={2} data-testid="upload-row" data-status={item.status}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.name}
              </Text>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} data-testid="upload-state">
                  {item.status === 'uploading'
                    ? t('upload.sent', { sent: formatBytes(item.sent, lang), size: formatBytes(item.size, lang), percent: percent(item) })
                    : t(`upload.status.${item.status}`)}
                </Text>
                {!isFinished(item) && <CloseButton size="sm" aria-label={t('upload.cancel', { name: item.name })} onClick={() => cancel(item.key)} />}
              </Group>
            </Group>
            <Progress
              value={percent(item)}
              color={COLOR[item.status]}
              size="md"
              striped={item.status === 'retrying'}
              animated={item.status === 'uploading' || item.status === 'retrying'}
              aria-label={t('upload.progress', { name: item.name })}
            />
            {item.status === 'failed' && (
              <Text size="xs" c="red" role="alert" data-testid="upload-error">
                {errorText(item)}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
