import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOR, priorityPercentages, type PriorityCounts } from '@app/ui';

/** The open-ticket priority bar (spec §2): one section per priority with its count. */
export function PriorityBar({ counts, label }: { counts: PriorityCounts | undefined; label: string }) {
  const { t } = useTranslation('tickets');
  const c = counts ?? { high: 0, medium: 0, low: 0 };
  const pct = priorityPercentages(c);
  return (
    <div data-testid="tickets-priority-bar">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {(['high', 'medium', 'low'] as const).map((p) => `${t(`priority.${p}`)} ${c[p]}`).join(' · ')}
        </Text>
      </Group>
      <Progress.Root size="lg">
        {(['high', 'medium', 'low'] as const).map((p) =>
          pct[p] > 0 ? (
            <Progress.Section key={p} value={pct[p]} color={PRIORITY_COLOR[p]} data-testid={`priority-section-${p}`} data-value={pct[p]} aria-label={`${t(`priority.${p}`)} ${c[p]}`}>
              <Progress.Label>{c[p]}</Progress.Label>
            </Progress.Section>
          ) : null,
        )}
      </Progress.Root>
    </div>
  );
}
