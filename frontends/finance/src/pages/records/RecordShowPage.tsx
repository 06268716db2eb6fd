import { Anchor, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordActions, RecordStatus } from '../../components/RecordStatus';
import { TagBadges } from '../../components/TagBadges';
import { useDoc, useMoneyAction, useWalletLookup } from '../../hooks/finance';
import { docs } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { formatWalletMoney } from '../../lib/money';
import { recordTitle } from '../../lib/present';
import type { KindDef, MoneyDoc } from '../../lib/records';
import { accountPath, useRoute } from '../../routing';
import { DeleteDialog, ErrorBanner, PageHeader, RecordPending, useDeleteRecord } from '@app/module-kit';

type Fields = Partial<Record<string, unknown>> & MoneyDoc;

/**
 * A money record: its fields with the amounts in their wallets' currencies, its status with the Confirm/Unconfirm
 * toggle and "Remove imported flag", edit and delete (a confirmed record can't be deleted: the service's reason shows
 * in the dialog).
 */
export default function RecordShowPage({ kind }: { kind: KindDef }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const record = useDoc<typeof kind.klass>(accountId, recordId);
  const wallets = useWalletLookup(accountId);
  const action = useMoneyAction(accountId);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteRecord((doc: MoneyDoc) => docs.remove(accountId, doc._id, doc._rev), accountPath(accountId, kind.segment));
  const back = { to: accountPath(accountId, kind.segment), label: t(`entities.${kind.segment}.many`) };
  if (!record.data) return <RecordPending query={record} title={t(`entities.${kind.segment}.one`)} back={back} />;
  const doc = record.data as Fields;
  const title = recordTitle(kind, doc, t(`entities.${kind.segment}.one`));
  const lang = i18n.language;
  const walletOf = (id: unknown, currency: unknown) => (typeof id === 'string' && wallets.lookup[id]) || (typeof currency === 'string' ? { currency } : undefined);
  const walletLink = (id: unknown) =>
    typeof id === 'string' ? (
      <Anchor component={Link} to={accountPath(accountId, 'wallets', id)}>
        {wallets.lookup[id]?.name ?? id}
      </Anchor>
    ) : (
      t('common.none')
    );
  const source = walletOf(doc.source_wallet_id, kind.klass === 'Exchange' ? doc.currency_out : doc.currency);
  const destination = walletOf(doc.destination_wallet_id, kind.klass === 'Exchange' ? doc.currency_in : doc.currency);
  const items: Array<[string, ReactNode]> = [
    ['date', formatDate(doc.date as string, lang)],
    ...(kind.between
      ? ([
          ['source_wallet_id', walletLink(doc.source_wallet_id)],
          ['destination_wallet_id', walletLink(doc.destination_wallet_id)],
        ] as Array<[string, ReactNode]>)
      : ([['wallet_id', walletLink(doc.wallet_id)]] as Array<[string, ReactNode]>)),
    ...(kind.klass === 'Exchange'
      ? ([
          ['value_out', formatWalletMoney(doc.value_out, lang, source)],
          ['value_in', formatWalletMoney(doc.value_in, lang, destination)],
          ['fee', `${formatWalletMoney(doc.fee, lang, doc.fee_kind === 'destination' ? destination : source)} (${t(`fee_kind.${doc.fee_kind === 'destination' ? 'destination' : 'source'}`)})`],
        ] as Array<[string, ReactNode]>)
      : kind.between
        ? ([
            ['value', formatWalletMoney(doc.value, lang, source)],
            ['fee', formatWalletMoney(doc.fee, lang, source)],
          ] as Array<[string, ReactNode]>)
        : ([['value', formatWalletMoney(doc.value, lang, walletOf(doc.wallet_id, doc.currency))]] as Array<[string, ReactNode]>)),
    ...(kind.party ? ([[kind.party, (doc[kind.party] as string | null) || t('common.none')]] as Array<[string, ReactNode]>) : []),
    ['categories', <TagBadges key="tags" tags={doc.categories} />],
    ['description', (doc.description as string | null) || t('common.none')],
  ];
  return (
    <Stack>
      <PageHeader
        title={title}
        back={back}
        badge={<RecordStatus doc={doc} />}
        actions={
          <>
            <RecordActions doc={doc} run={action.run} busy={action.busy} size="xs" />
            <Button component={Link} to={accountPath(accountId, kind.segment, doc._id, 'edit')} size="xs" variant="default">
              {t('common.edit')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <ErrorBanner error={action.error} />
      <DeleteDialog opened={deleting} name={title} title={t(`entities.${kind.segment}.delete_title`)} onConfirm={() => remove.mutateAsync(doc)} onClose={() => setDeleting(false)} />
      {(doc.imported || !doc.confirmed) && (
        <Text size="sm" c="dimmed" data-testid="status-hint">
          {t(doc.imported ? 'hints.imported' : 'hints.pending')}
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {items.map(([name, value]) => (
            <div key={name} style={name === 'description' ? { gridColumn: '1 / -1' } : undefined}>
              <Text size="xs" c="dimmed">
                {t(`fields.${name}`)}
              </Text>
              <div data-testid={`field-${name}`} style={{ overflowWrap: 'anywhere', whiteSpace: name === 'description' ? 'pre-wrap' : undefined }}>
                {value}
              </div>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
