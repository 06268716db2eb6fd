import type { ExactMinor, WalletSummary } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '@app/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWalletSummaries } from '../../hooks/finance';
import { formatWalletMoney } from '../../lib/money';
import { accountPath, useRoute } from '../../routing';
import { PageHeader, QueryList } from '@app/module-kit';

/** Active wallets first, then by name. */
export const walletOrder = (a: WalletSummary, b: WalletSummary) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name);

/**
 * The wallets with their balance, the balance once the pending records are confirmed and, for cards, the credit
 * still available (the `wallets` view). A table, or on a phone a column of cards.
 */
export default function WalletsListPage() {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const phone = usePhone();
  const summaries = useWalletSummaries(accountId);
  const query = { ...summaries, data: summaries.data ? [...summaries.data].sort(walletOrder) : undefined };
  const rows = (wallets: WalletSummary[]) => (phone ? <WalletCards wallets={wallets} /> : <WalletTable wallets={wallets} />);
  return (
    <Stack>
      <PageHeader
        title={t('entities.wallets.many')}
        actions={
          <Button component={Link} to={accountPath(accountId, 'wallets', 'new')} size="xs">
            {t('common.new')}
          </Button>
        }
      />
      {phone || query.error ? (
        <QueryList query={query}>{rows}</QueryList>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <QueryList query={query}>{rows}</QueryList>
        </Paper>
      )}
    </Stack>
  );
}

function WalletBadges({ wallet }: { wallet: WalletSummary }) {
  const { t } = useTranslation('finance');
  return (
    <>
      {wallet.card && (
        <Badge size="xs" variant="light" color="blue" tt="none">
          {t('status.card')}
        </Badge>
      )}
      {!wallet.active && (
        <Badge size="xs" variant="light" color="gray" tt="none">
          {t('status.inactive')}
        </Badge>
      )}
    </>
  );
}

function WalletTable({ wallets }: { wallets: WalletSummary[] }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const money = (w: WalletSummary, minor: ExactMinor | null) => (minor === null ? t('common.none') : formatWalletMoney(minor, i18n.language, w));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="wallets-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.currency')}</Table.Th>
            <Table.Th ta="right">{t('fields.balance')}</Table.Th>
            <Table.Th ta="right">{t('fields.balance_after_pending')}</Table.Th>
            <Table.Th ta="right">{t('fields.available_credit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wallets.map((w) => (
            <Table.Tr key={w._id} data-testid="wallet-row" style={w.active ? undefined : { opacity: 0.65 }}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={accountPath(accountId, 'wallets', w._id)} style={{ overflowWrap: 'anywhere' }}>
                    {w.name}
                  </Anchor>
                  <WalletBadges wallet={w} />
                </Group>
              </Table.Td>
              <Table.Td>{w.currency}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={w.balance < 0 ? 'red' : undefined} data-testid="wallet-balance">
                {money(w, w.balance)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="wallet-after-pending">
                {money(w, w.balance_after_pending)}
                {w.pending_transactions > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('wallets.pending', { count: w.pending_transactions })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="wallet-credit">
                {w.card ? money(w, w.available_credit) : t('common.none')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's form of the table: a card a wallet, its figures one under the other. */
function WalletCards({ wallets }: { wallets: WalletSummary[] }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const line = (label: string, value: string, testid: string, red?: boolean) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" c={red ? 'red' : undefined} data-testid={testid}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap="xs" data-testid="wallet-cards">
      {wallets.map((w) => (
        <Paper key={w._id} withBorder radius="md" p="sm" data-testid="wallet-card" style={w.active ? undefined : { opacity: 0.65 }}>
          <Group gap={6} wrap="wrap" mb={4}>
            <Anchor component={Link} to={accountPath(accountId, 'wallets', w._id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {w.name}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {w.currency}
            </Text>
            <WalletBadges wallet={w} />
          </Group>
          {line(t('fields.balance'), formatWalletMoney(w.balance, i18n.language, w), 'wallet-balance', w.balance < 0)}
          {line(t('fields.balance_after_pending'), formatWalletMoney(w.balance_after_pending, i18n.language, w), 'wallet-after-pending')}
          {w.pending_transactions > 0 && (
            <Text size="xs" c="dimmed" ta="right">
              {t('wallets.pending', { count: w.pending_transactions })}
            </Text>
          )}
          {w.card && line(t('fields.available_credit'), w.available_credit === null ? t('common.none') : formatWalletMoney(w.available_credit, i18n.language, w), 'wallet-credit')}
        </Paper>
      ))}
    </Stack>
  );
}
