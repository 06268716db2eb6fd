import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { counterBadgeText, counterColour, MANTINE_COUNTER_COLOUR } from '../../rules/ticket-counter';
import { useOpenTicketCount } from '../tickets/ticket-views';

/** The open-ticket counter next to the tickets menu item; nothing while unknown or when the tickets service is away. */
export function OpenTicketBadge({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const count = useOpenTicketCount(accountId);
  if (!count.isSuccess) return null;
  const n = count.data;
  return (
    <Badge
      size="sm"
      variant="filled"
      circle={n < 10}
      color={MANTINE_COUNTER_COLOUR[counterColour(n)]}
      data-testid="open-ticket-badge"
      data-colour={counterColour(n)}
      aria-label={t('nav.open_tickets', { count: n })}
    >
      {counterBadgeText(n)}
    </Badge>
  );
}
