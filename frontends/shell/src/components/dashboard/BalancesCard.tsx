import { Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletBalanceDoc } from '@app/proto';
import { formatMinorMoney } from '@app/ui';
import { placeholderCount, positiveBalances } from './wallet-balances';

// placeholder widths, so the hidden rows read as a list rather than one block
const BAR_WIDTHS = ['62%', '48%', '55%'];

/**
 * The finance module's balances card (spec §2): shown only when the group has balances (WalletBalance documents); the
 * amounts are hidden until Show is pressed — while hidden, up to 3 placeholder bars stand for them and no amount is in
 * the page — then only the positive ones are listed, each in the user's language (@app/ui formatMinorMoney with the
 * document's precision); Hide puts the placeholders back.
 *
 * "Wallets with a positive balance": the dashboard reads the group's per-currency totals (`wbl-<currency>`: the sum of
 * every wallet of that currency, kept by the finance service), not the wallets one by one. So a row is a currency whose
 * total over its wallets is above zero; a currency at zero, or whose overdrawn wallets (a card) outweigh the others, is
 * left out. The placeholders count the currencies kept (at most 3), not the positive ones, so the hidden card tells
 * nothing that depends on the amounts.
 */
export function BalancesCard({ balances }: { balances: readonly WalletBalanceDoc[] }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  if (balances.length === 0) return null;
  const positive = shown ? positiveBalances(balances) : [];
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="balances-card">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={3} size="h5">
          {t('dashboard.balances.title')}
        </Title>
        <Button variant="light" size="xs" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls="balances-list">
          {shown ? t('dashboard.balances.hide') : t('dashboard.balances.show')}
        </Button>
      </Group>
      <div id="balances-list">
        {!shown ? (
          <Stack gap="sm" data-testid="balances-hidden">
            <VisuallyHidden>{t('dashboard.balances.hidden')}</VisuallyHidden>
            {Array.from({ length: placeholderCount(balances) }, (_, i) => (
              <Group key={i} justify="space-between" wrap="nowrap" aria-hidden data-testid="balance-placeholder">
                <Skeleton height={10} width={40} radius="xl" animate={false} />
                <Skeleton height={10} width={BAR_WIDTHS[i]} maw={180} radius="xl" animate={false} />
              </Group>
            ))}
          </Stack>
        ) : positive.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('dashboard.balances.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('dashboard.balances.title')}>
            {positive.map((b) => (
              <Group key={b._id} component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid={`balance-${b.currency}`}>
                <Text size="sm" c="dimmed">
                  {b.currency}
                </Text>
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatMinorMoney(b.balance, i18n.language, b.currency, b.precision)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Paper>
  );
}
