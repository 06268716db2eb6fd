import type { TicketPriority, TicketStatus } from '@app/proto';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOR, STATUS_COLOR } from '../lib/tickets';

// A table squeezes its columns: a badge keeps its whole word (Mantine cuts the label with an ellipsis otherwise).
const WHOLE_WORD = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export function StatusBadge({ status }: { status: TicketStatus | undefined }) {
  const { t } = useTranslation('tickets');
  const s = status ?? 'open';
  return (
    <Badge color={STATUS_COLOR[s]} variant="light" data-testid="status-badge" data-status={s} styles={WHOLE_WORD}>
      {t(`status.${s}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority | undefined }) {
  const { t } = useTranslation('tickets');
  const p = priority ?? 'medium';
  return (
    <Badge color={PRIORITY_COLOR[p]} variant="dot" data-testid="priority-badge" styles={WHOLE_WORD}>
      {t(`priority.${p}`)}
    </Badge>
  );
}
