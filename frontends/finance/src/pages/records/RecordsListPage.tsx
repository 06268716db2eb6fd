import { Anchor, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePhone } from '@app/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RecordActions, RecordStatus } from '../../components/RecordStatus';
import { TagBadges } from '../../components/TagBadges';
import { useMoneyAction, useWalletLookup } from '../../hooks/finance';
import { docs } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { amountTexts, recordTitle, walletsText } from '../../lib/present';
import { listSelector, type KindDef, type MoneyDoc, type WalletLookup } from '../../lib/records';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, PageHeader, Pager, QueryList } from '@app/module-kit';

export const PAGE_SIZE = 25;
/** the wallet filter's "all wallets" */
const ALL = 'all';

/**
 * The index of a money record kind: newest date first, 25 a page, optionally one wallet's records (`?wallet=`); each
 * row has its status, its Confirm/Unconfirm toggle and, when imported, "Remove imported flag". A table, or on a phone
 * a column of cards.
 */
export default function RecordsListPage({ kind }: { kind: KindDef }) {
  const { t } = useTranslation('finance');
  const { accountId } = useRoute();
  const [search, setSearch] = useSearchParams();
  const wallet = search.get('wallet');
  const [page, setPage] = useState(0);
  const wallets = useWalletLookup(accountId);
  const action = useMoneyAction(accountId);
  const phone = usePhone();
  const list = useQuery({
    queryKey: ['finance', 'list', accountId, kind.klass, wallet, page],
    queryFn: () =>
      docs.find(accountId, { selector: listSelector(kind, wallet) as { klass: typeof kind.klass }, sort: [{ date: 'desc' }, { created_at: 'desc' }], limit: PAGE_SIZE, skip: page * PAGE_SIZE }) as Promise<MoneyDoc[]>,
  });
  const chooseWallet = (id: string | null) => {
    setPage(0);
    setSearch(id ? { wallet: id } : {}, { replace: true });
  };
  const rowsOf = (rows: MoneyDoc[]) =>
    phone ? (
      <RecordCards kind={kind} rows={rows} lookup={wallets.lookup} action={action} />
    ) : (
      <RecordTable kind={kind} rows={rows} lookup={wallets.lookup} action={action} />
    );
  return (
    <Stack>
      <PageHeader
        title={t(`entities.${kind.segment}.many`)}
        actions={
          <Button component={Link} to={`${accountPath(accountId, kind.segment, 'new')}${wallet ? `?wallet=${encodeURIComponent(wallet)}` : ''}`} size="xs">
            {t('common.new')}
          </Button>
        }
      />
      <Group>
        <Select
          aria-label={t('filters.wallet')}
          data={[{ value: ALL, label: t('filters.all_wallets') }, ...(wallets.data ?? []).map((w) => ({ value: w._id, label: `${w.name} (${w.currency})` }))]}
          value={wallet ?? ALL}
          onChange={(v) => chooseWallet(v && v !== ALL ? v : null)}
          allowDeselect={false}
          size="xs"
          w={260}
          maw="100%"
          comboboxProps={{ withinPortal: true }}
          data-testid="wallet-filter"
        />
      </Group>
      <ErrorBanner error={action.error} />
      {phone || list.error ? (
        <QueryList query={list}>{rowsOf}</QueryList>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <QueryList query={list}>{rowsOf}</QueryList>
        </Paper>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} count={list.data?.length ?? 0} onPage={setPage} />
    </Stack>
  );
}

interface RowsProps {
  kind: KindDef;
  rows: MoneyDoc[];
  lookup: WalletLookup;
  action: ReturnType<typeof useMoneyAction>;
}

function RecordTable({ kind, rows, lookup, action }: RowsProps) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const one = t(`entities.${kind.segment}.one`);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={`list-${kind.segment}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.date')}</Table.Th>
            <Table.Th>{t('fields.description')}</Table.Th>
            <Table.Th>{t(kind.between ? 'fields.source_wallet_id' : 'fields.wallet_id')}</Table.Th>
            <Table.Th>{t('fields.categories')}</Table.Th>
            <Table.Th ta="right">{t('fields.value')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((doc) => {
            const { amount, fee } = amountTexts(kind, doc, lookup, i18n.language);
            return (
              <Table.Tr key={doc._id} data-testid="record-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.date, i18n.language)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={accountPath(accountId, kind.segment, doc._id)} style={{ overflowWrap: 'anywhere' }}>
                    {recordTitle(kind, doc, one)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{walletsText(kind, doc, lookup)}</Table.Td>
                <Table.Td>
                  <TagBadges tags={doc.categories} size="xs" />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="record-amount">
                  {amount}
                  {fee && (
                    <Text size="xs" c="dimmed">
                      {t('fields.fee')}: {fee}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <RecordStatus doc={doc} />
                </Table.Td>
                <Table.Td>
                  <RecordActions doc={doc} run={action.run} busy={action.busy} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's form of the table: one card a record, every part on its own line so nothing is cut at 390 px. */
function RecordCards({ kind, rows, lookup, action }: RowsProps) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const one = t(`entities.${kind.segment}.one`);
  return (
    <Stack gap="xs" data-testid="record-cards">
      {rows.map((doc) => {
        const { amount, fee } = amountTexts(kind, doc, lookup, i18n.language);
        return (
          <Paper key={doc._id} withBorder radius="md" p="sm" data-testid="record-card">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={accountPath(accountId, kind.segment, doc._id)} fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {recordTitle(kind, doc, one)}
              </Anchor>
              {/* an amount is never cut (its sign and digits are joined by a no-break space); an exchange's two
                  amounts may go on two lines at the arrow; the title wraps beside it */}
              <Text fw={600} ta="right" data-testid="record-amount" style={{ flexShrink: 0, maxWidth: '60%' }}>
                {amount}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {formatDate(doc.date, i18n.language)} · {walletsText(kind, doc, lookup)}
            </Text>
            {fee && (
              <Text size="sm" c="dimmed">
                {t('fields.fee')}: {fee}
              </Text>
            )}
            {!!doc.categories?.length && (
              <div style={{ marginTop: 6 }}>
                <TagBadges tags={doc.categories} size="xs" />
              </div>
            )}
            <Group justify="space-between" mt={8} gap="xs" wrap="wrap">
              <RecordStatus doc={doc} />
              <RecordActions doc={doc} run={action.run} busy={action.busy} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
