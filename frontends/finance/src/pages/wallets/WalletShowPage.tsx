import type { ExactMinor, WalletDoc } from '@app/proto';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDoc, useWalletSummaries } from '../../hooks/finance';
import { docs } from '../../lib/api';
import { currencyName, formatWalletMoney, walletDigits } from '../../lib/money';
import { accountPath, useRoute } from '../../routing';
import { DeleteDialog, ErrorBanner, PageHeader, RecordPending, useDeleteRecord } from '@app/module-kit';

const RECORD_SEGMENTS = ['outgos', 'incomes', 'transfers', 'exchanges'] as const;

/** A wallet: its balance figures (the `wallets` view), its settings, links to its records, edit and delete. */
export default function WalletShowPage() {
  const { t, i18n } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const wallet = useDoc<'Wallet'>(accountId, recordId);
  const summaries = useWalletSummaries(accountId);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteRecord((doc: WalletDoc) => docs.remove(accountId, doc._id, doc._rev), accountPath(accountId, 'wallets'));
  const back = { to: accountPath(accountId, 'wallets'), label: t('entities.wallets.many') };
  if (!wallet.data) return <RecordPending query={wallet} title={t('entities.wallets.one')} back={back} />;
  const doc = wallet.data;
  const name = doc.name ?? doc._id;
  const lang = i18n.language;
  const summary = summaries.data?.find((s) => s._id === doc._id);
  const money = (minor: ExactMinor | null | undefined) => (minor === null || minor === undefined ? t('common.none') : formatWalletMoney(minor, lang, doc));
  const figures: Array<[string, ReactNode]> = summary
    ? [
        ['balance', money(summary.balance)],
        ['balance_after_pending', money(summary.balance_after_pending)],
        ['pending_transactions', String(summary.pending_transactions)],
        ...(doc.card ? ([['available_credit', money(summary.available_credit)]] as Array<[string, ReactNode]>) : []),
      ]
    : [['balance', money(doc.balance)]];
  const settings: Array<[string, ReactNode]> = [
    ['currency', `${doc.currency} — ${currencyName(doc.currency ?? '', lang)}`],
    ['precision', String(walletDigits(doc))],
    ['start_balance', money(doc.start_balance)],
    ['card', t(doc.card ? 'common.yes' : 'common.no')],
    ...(doc.card ? ([['limit', money(doc.limit)]] as Array<[string, ReactNode]>) : []),
    ['active', t(doc.active === false ? 'common.no' : 'common.yes')],
  ];
  const grid = (items: Array<[string, ReactNode]>, testid: string) => (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid={testid}>
      {items.map(([name, value]) => (
        <div key={name}>
          <Text size="xs" c="dimmed">
            {t(`fields.${name}`)}
          </Text>
          <div data-testid={`field-${name}`}>{value}</div>
        </div>
      ))}
    </SimpleGrid>
  );
  return (
    <Stack>
      <PageHeader
        title={name}
        back={back}
        badge={
          <>
            {doc.card && (
              <Badge variant="light" color="blue" tt="none">
                {t('status.card')}
              </Badge>
            )}
            {doc.active === false && (
              <Badge variant="light" color="gray" tt="none">
                {t('status.inactive')}
              </Badge>
            )}
          </>
        }
        actions={
          <>
            <Button component={Link} to={accountPath(accountId, 'wallets', doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <DeleteDialog opened={deleting} name={name} title={t('entities.wallets.delete_title')} onConfirm={() => remove.mutateAsync(doc)} onClose={() => setDeleting(false)} />
      <ErrorBanner error={summaries.error} />
      <Paper withBorder radius="md" p="md">
        {grid(figures, 'wallet-figures')}
      </Paper>
      <Paper withBorder radius="md" p="md">
        {grid(settings, 'wallet-settings')}
      </Paper>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('wallets.records')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {RECORD_SEGMENTS.map((segment) => (
            <Anchor key={segment} component={Link} to={`${accountPath(accountId, segment)}?wallet=${encodeURIComponent(doc._id)}`} size="sm">
              {t(`nav.${segment}`)}
            </Anchor>
          ))}
          {doc.active !== false && (
            <Anchor component={Link} to={`${accountPath(accountId, 'wallets-upload')}?wallet=${encodeURIComponent(doc._id)}`} size="sm" data-testid="wallet-import">
              {t('imports.from_wallet')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Stack>
  );
}
