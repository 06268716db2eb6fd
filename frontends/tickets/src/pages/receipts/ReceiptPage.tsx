import { RECEIPT_KINDS, type TicketDoc } from '@app/proto';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountName, useFeatures } from '../../hooks/account';
import { docs } from '../../lib/api';
import { contractReceiptVisible } from '../../lib/tickets';
import { readStatusLink } from '../tickets/status-link-data';
import { accountPath, useRoute } from '../../routing';
import { PRINT_CSS } from './print-css';
import { ContractReceipt, EstimateReceipt, ServiceReceipt, type ReceiptData } from './receipts';
import { ErrorBanner } from '@app/module-kit';


/** The browser's time zone, so the PDF prints the same day as this page (the server prints UTC without one). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The PDF of a receipt, built by the server (the gateway's receipts route), its dates in the browser's time zone. */
export const receiptPdfUrl = (accountId: string, kind: string, id: string, timeZone: string | undefined = browserTimeZone()) =>
  `/${accountId}/receipts/${kind}/${encodeURIComponent(id)}.pdf${timeZone ? `?tz=${encodeURIComponent(timeZone)}` : ''}`;

const getOrNull = (accountId: string, id: unknown) => (typeof id === 'string' && id ? docs.get(accountId, id).catch(() => null) : Promise.resolve(null));

/** receipts/:kind/:record_id: the printable page, a Print button and the PDF link. */
export default function ReceiptPage() {
  const { t } = useTranslation('tickets');
  const { accountId, kind = '', recordId = '' } = useRoute();
  const features = useFeatures(accountId);
  const account = useAccountName(accountId);
  const valid = (RECEIPT_KINDS as readonly string[]).includes(kind);
  const data = useQuery({
    queryKey: ['tickets', 'receipt', accountId, kind, recordId],
    enabled: valid && !!recordId,
    queryFn: async () => {
      if (kind === 'estimate') {
        const estimate = await docs.get<'Estimate'>(accountId, recordId);
        const [customer, ticket] = await Promise.all([getOrNull(accountId, estimate.customer_id), getOrNull(accountId, estimate.ticket_id)]);
        return { estimate, customer, ticket: (ticket as TicketDoc | null) ?? undefined };
      }
      const ticket = await docs.get<'Ticket'>(accountId, recordId);
      const [customer, equipment, contract, statusLink] = await Promise.all([
        getOrNull(accountId, ticket.customer_id),
        getOrNull(accountId, ticket.equipment_id),
        kind === 'contract' ? getOrNull(accountId, ticket.contract_id) : Promise.resolve(null),
        // the service receipt prints the ticket's status page (made the first time it is asked for); without it, none
        kind === 'service' ? readStatusLink(accountId, ticket._id).catch(() => null) : Promise.resolve(null),
      ]);
      return { ticket, customer, equipment, contract, statusLink };
    },
  });
  const back = data.data?.ticket && kind !== 'estimate' ? accountPath(accountId, 'tickets', data.data.ticket._id) : accountPath(accountId, kind === 'estimate' ? 'estimates' : 'tickets', recordId);
  const receipt: ReceiptData | undefined = data.data && { ...data.data, shop: account.data?.name ?? '', features };
  const hidden = kind === 'contract' && receipt?.ticket && !contractReceiptVisible(features.contractReceipt, receipt.ticket);
  return (
    <Stack>
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to={back} size="sm">
          {t('receipts.back')}
        </Anchor>
        <Group gap="xs">
          <Button size="xs" onClick={() => window.print()} disabled={!receipt || !!hidden}>
            {t('receipts.print')}
          </Button>
          {!hidden && valid && (
            <Button size="xs" variant="default" component="a" href={receiptPdfUrl(accountId, kind, recordId)} download data-testid="pdf-link">
              {t('receipts.download_pdf')}
            </Button>
          )}
        </Group>
      </Group>
      {!valid && <Alert color="red">{t('receipts.unknown_kind')}</Alert>}
      <ErrorBanner error={data.error} />
      {data.isPending && valid && <Text c="dimmed">{t('common.loading')}</Text>}
      {hidden && (
        <Alert color="gray" data-testid="contract-receipt-hidden">
          {t('receipts.no_contract')}
        </Alert>
      )}
      {receipt && !hidden && features.isPending === false && (
        <div className="receipt-scroll">
          {kind === 'service' && <ServiceReceipt data={receipt} />}
          {kind === 'contract' && <ContractReceipt data={receipt} />}
          {kind === 'estimate' && <EstimateReceipt data={receipt} />}
        </div>
      )}
    </Stack>
  );
}

