import type { TicketPriority, TicketStatus } from '@app/proto';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOR, STATUS_COLOR } from '../lib/tickets';

export function StatusBadge({ status }: { status: TicketStatus | undefined }) {
  const { t } = useTranslation('tickets');
  const s = status ?? 'open';
  return (
    <Badge color={STATUS_COLOR[s]} variant="light" data-testid="status-badge" data-status={s}>
      {t(`status.${s}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority | undefined }) {
  const { t } = useTranslation('tickets');
  const p = priority ?? 'medium';
  return (
    <Badge color={PRIORITY_COLOR[p]} variant="dot" data-testid="priority-badge">
      {t(`priority.${p}`)}
    </Badge>
  );
}
