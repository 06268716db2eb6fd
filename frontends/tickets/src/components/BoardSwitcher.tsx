import type { TicketStatus } from '@app/proto';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUSES } from '../lib/tickets';

/** The phone board's column picker: every status with its card count ("20+" when the column has more). */
export function BoardSwitcher({
  value,
  counts,
  onChange,
}: {
  value: TicketStatus;
  counts: Record<TicketStatus, string>;
  onChange: (status: TicketStatus) => void;
}) {
  const { t } = useTranslation('tickets');
  return (
    <Select
      label={t('board.column')}
      data={STATUSES.map((s) => ({ value: s, label: `${t(`status.${s}`)} (${counts[s]})` }))}
      value={value}
      onChange={(v) => v && onChange(v as TicketStatus)}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      data-testid="board-switcher"
    />
  );
}
