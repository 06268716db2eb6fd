import type { StatusLinkReply, TicketDoc } from '@app/proto';
import { Badge, Button, Flex, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusQr } from '../../components/StatusQr';
import { useIsAdmin } from '../../hooks/account';
import { formatDate } from '../../lib/format';
import { useRoute } from '../../routing';
import { useStatusLink, useStatusLinkChange } from './status-link-data';
import { DeleteDialog, ErrorBanner } from '@app/module-kit';

const STATE_COLOR: Record<StatusLinkReply['state'], string> = { active: 'green', revoked: 'red', expired: 'gray' };

/**
 * The ticket's status page for its customer (issue 31): its short address to copy, its QR code, a button that mails
 * it to the ticket's customer, and for administrators Renew and Revoke (each asked in the app's dialog first).
 */
export function StatusLinkPanel({ ticket }: { ticket: TicketDoc }) {
  const { t, i18n } = useTranslation('tickets');
  const { accountId } = useRoute();
  const link = useStatusLink(accountId, ticket._id);
  const change = useStatusLinkChange(accountId, ticket._id);
  const { isAdmin } = useIsAdmin(accountId);
  const [asking, setAsking] = useState<'renew' | 'revoke' | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const data = link.data;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // no clipboard (an insecure origin, a refused permission): the address is selected to copy by hand
      setCopied('no');
    }
  };

  const until = data?.expires_at
    ? t('status_link.until_date', { date: formatDate(data.expires_at, i18n.language) })
    : t('status_link.until_done', { days: data?.days_after_done ?? 30 });

  return (
    <Paper withBorder radius="md" p="md" data-testid="status-link" className="no-print">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('status_link.title')}
        </Title>
        {data && (
          <Badge color={STATE_COLOR[data.state]} variant="light" data-testid="status-link-state">
            {t(`status_link.state.${data.state}`)}
          </Badge>
        )}
      </Group>
      <ErrorBanner error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />
      {link.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {data && (
        // on a phone the QR code goes above, so the address has the screen's width
        <Flex direction={{ base: 'column', xs: 'row' }} align="flex-start" gap="md">
          {data.qr && data.state === 'active' && <StatusQr qr={data.qr} label={t('status_link.qr')} size={96} />}
          <Stack gap="xs" style={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Text size="sm" c="dimmed">
              {t('status_link.intro')}
            </Text>
            {data.url ? (
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  readOnly
                  value={data.url}
                  label={t('status_link.address')}
                  style={{ flex: 1, minWidth: 0 }}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="status-link-url"
                />
                <Button size="sm" variant="light" onClick={() => void copy(data.url!)} data-testid="status-link-copy">
                  {copied === 'yes' ? t('status_link.copied') : t('status_link.copy')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" data-testid="status-link-revoked">
                {t('status_link.revoked_hint')}
              </Text>
            )}
            {copied === 'no' && (
              <Text size="xs" c="red">
                {t('status_link.copy_failed')}
              </Text>
            )}
            <Text size="xs" c="dimmed" data-testid="status-link-until">
              {data.state === 'expired' ? t('status_link.expired_hint', { date: formatDate(data.expires_at, i18n.language), days: data.days_after_done }) : until}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => change.mutate('mail')}
                loading={change.isPending && change.variables === 'mail'}
                disabled={!data.can_mail || data.state !== 'active'}
                data-testid="status-link-mail"
              >
                {t('status_link.mail')}
              </Button>
              {isAdmin && (
                <Button size="xs" variant="default" onClick={() => setAsking('renew')} data-testid="status-link-renew">
                  {t('status_link.renew')}
                </Button>
              )}
              {isAdmin && data.state !== 'revoked' && (
                <Button size="xs" color="red" variant="light" onClick={() => setAsking('revoke')} data-testid="status-link-revoke">
                  {t('status_link.revoke')}
                </Button>
              )}
            </Group>
            {!data.can_mail && (
              <Text size="xs" c="dimmed">
                {t('status_link.no_email')}
              </Text>
            )}
            {change.isSuccess && change.variables === 'mail' && change.data.mailed_to && (
              <Text size="sm" c="green" role="status" data-testid="status-link-mailed">
                {t('status_link.mailed', { email: change.data.mailed_to })}
              </Text>
            )}
            {change.variables === 'mail' && <ErrorBanner error={change.error} />}
          </Stack>
        </Flex>
      )}
      <DeleteDialog
        opened={asking !== null}
        name={`#${ticket.number}`}
        title={asking === 'renew' ? t('status_link.renew_title') : t('status_link.revoke_title')}
        message={asking === 'renew' ? t('status_link.renew_message') : t('status_link.revoke_message')}
        confirmLabel={asking === 'renew' ? t('status_link.renew') : t('status_link.revoke')}
        onConfirm={() => change.mutateAsync(asking!)}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}
