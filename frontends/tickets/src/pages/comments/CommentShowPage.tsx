import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRefLabels } from '../../hooks/refs';
import { formatDateTime } from '../../lib/format';
import { accountPath, useRoute } from '../../routing';
import { useShownDoc } from '../records/RecordShowPage';
import { ErrorBanner, PageHeader } from '@app/module-kit';


/** comments/{record_id}: one comment (show only): its author, date, text and ticket. */
export default function CommentShowPage() {
  const { t, i18n } = useTranslation('tickets');
  const { accountId, recordId } = useRoute();
  const comment = useShownDoc<'Comment'>(accountId, recordId);
  const tickets = useRefLabels(accountId, 'Ticket');
  const c = comment.data;
  return (
    <Stack>
      <PageHeader title={t('entities.comments.one')} back={c?.ticket_id ? { to: accountPath(accountId, 'tickets', c.ticket_id), label: tickets[c.ticket_id] ?? t('entities.tickets.one') } : undefined} />
      <ErrorBanner error={comment.error} />
      {c && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {c.user?.label ?? ''} · {formatDateTime(c.date ?? c.created_at, i18n.language)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="comment-content">
              {c.content}
            </Text>
            {c.ticket_id && (
              <Anchor component={Link} to={accountPath(accountId, 'tickets', c.ticket_id)} size="sm">
                {t('entities.tickets.one')}: {tickets[c.ticket_id] ?? c.ticket_id}
              </Anchor>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
