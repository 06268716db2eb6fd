import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUsage } from '../hooks/disk';
import { formatBytes, formatShare, usedShare } from '../lib/format';

/** "12.3 MB of 1 GB used (1.2%)": every kept version and the trash count (spec §9), in decimal units. */
export function UsageLine({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation('disk');
  const usage = useUsage(accountId);
  if (!usage.data) return null;
  const { bytes, quota, files, folders } = usage.data;
  const share = usedShare(bytes, quota);
  const lang = i18n.language;
  return (
    <Stack gap={4} data-testid="disk-usage">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {quota > 0
            ? t('usage.line', { used: formatBytes(bytes, lang), quota: formatBytes(quota, lang), share: formatShare(share, lang) })
            : t('usage.line_no_quota', { used: formatBytes(bytes, lang) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('usage.counts', { files: t('usage.files', { count: files }), folders: t('usage.folders', { count: folders }) })}
        </Text>
      </Group>
      {quota > 0 && <Progress value={share * 100} size="sm" color={share >= 0.9 ? 'red' : share >= 0.75 ? 'orange' : 'blue'} aria-label={t('usage.bar')} />}
    </Stack>
  );
}
