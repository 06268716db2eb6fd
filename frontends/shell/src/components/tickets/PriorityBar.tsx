import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOR, priorityPercentages, type PriorityCounts } from '@app/ui';

const PRIORITIES = ['high', 'medium', 'low'] as const;

/** Tickets split by priority (spec §2): one section per priority with whole percentages, low taking the remainder. */
export function PriorityBar({ counts, title }: { counts: PriorityCounts; title: string }) {
  const { t } = useTranslation();
  const pct = priorityPercentages(counts);
  const total = counts.high + counts.medium + counts.low;
  return (
    <div data-testid="priority-bar">
      <Group justify="space-between" mb={4} gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {total === 0 ? t('priority.none') : PRIORITIES.map((p) => `${t(`priority.${p}`)} ${counts[p]}`).join(' · ')}
        </Text>
      </Group>
      <Progress.Root size="xl" data-total={total}>
        {PRIORITIES.map((p) =>
          pct[p] > 0 ? (
            <Progress.Section
              key={p}
              value={pct[p]}
              color={PRIORITY_COLOR[p]}
              data-testid={`priority-${p}`}
              data-percent={pct[p]}
              aria-label={t('priority.section', { priority: t(`priority.${p}`), count: counts[p], percent: pct[p] })}
            >
              <Progress.Label>{`${pct[p]}%`}</Progress.Label>
            </Progress.Section>
          ) : null,
        )}
      </Progress.Root>
    </div>
  );
}
