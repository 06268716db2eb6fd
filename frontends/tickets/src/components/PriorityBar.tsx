import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOR } from '../lib/tickets';
import type { PriorityCounts } from '../pages/tickets/ticket-data';

/** Shares of high, medium and low as whole percentages, low taking the remainder (as the shell's dashboard bar). */
export function priorityPercentages(counts: PriorityCounts): PriorityCounts {
  const n = (v: number) => (Number.isFinite(v) && v > 0 ? v : 0);
  const total = n(counts.high) + n(counts.medium) + n(counts.low);
  if (total === 0) return { high: 0, medium: 0, low: 0 };
  const high = Math.round((n(counts.high) / total) * 100);
  const medium = Math.min(Math.round((n(counts.medium) / total) * 100), 100 - high);
  return { high, medium, low: 100 - high - medium };
}

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
