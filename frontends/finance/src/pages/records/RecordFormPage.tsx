import type { WalletDoc } from '@app/proto';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MoneyInput } from '@app/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TagBadges } from '../../components/TagBadges';
import { NoWalletsNotice, WalletSelect } from '../../components/WalletSelect';
import { useDoc, useWallets } from '../../hooks/finance';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { AMOUNT_MAX, FEE_SIDES, toTags } from '../../lib/contract';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { isoDay } from '../../lib/format';
import { formatExactMoney, NO_CURRENCY } from '../../lib/money';
import { recordTitle } from '../../lib/present';
import {
  amountDigits,
  amountWalletId,
  changeValues,
  initialValues,
  toDocument,
  validateRecord,
  walletLookup,
  type AmountField,
  type Errors,
  type KindDef,
  type MoneyDoc,
  type RecordValues,
} from '../../lib/records';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a money record: the record and the wallets first, then the form. */
export default function RecordFormPage({ kind }: { kind: KindDef }) {
  const { t } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const record = useDoc<typeof kind.klass>(accountId, recordId);
  const wallets = useWallets(accountId);
  if ((recordId && record.isPending) || wallets.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !record.data) return <ErrorBanner error={record.error} onRetry={() => void record.refetch()} retrying={record.isFetching} />;
  if (!wallets.data) return <ErrorBanner error={wallets.error} onRetry={() => void wallets.refetch()} retrying={wallets.isFetching} />;
  return <RecordForm key={record.data?._rev ?? 'new'} kind={kind} doc={record.data as MoneyDoc | undefined} wallets={wallets.data} />;
}

/** The wallet a new record starts on: the one in the link (`?wallet=`), else the only active one. */
function startingWallet(wallets: WalletDoc[], asked: string | null): string | null {
  const active = wallets.filter((w) => w.active !== false);
  if (asked && active.some((w) => w._id === asked)) return asked;
  return active.length === 1 ? active[0]._id : null;
}

/**
 * The form: amounts typed in the chosen wallet's currency and decimals (an amount already typed keeps its value when
 * the wallet changes), categories as tags, and spec §5's checks before sending (a transfer between wallets of one
 * currency, an exchange between different ones); the server's 422 under the fields, a 409 as the conflict banner.
 */
export function RecordForm({ kind, doc, wallets }: { kind: KindDef; doc?: MoneyDoc; wallets: WalletDoc[] }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [search] = useSearchParams();
  const lookup = walletLookup(wallets);
  const [values, setValues] = useState<RecordValues>(() => initialValues(kind, doc, { today: isoDay(), wallet: startingWallet(wallets, search.get('wallet')) }));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<RecordValues>) => setValues((v) => changeValues(kind, v, patch, lookup));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, kind.segment, reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found = validateRecord(kind, values, lookup);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toDocument(kind, values, doc));
  };
  const tr = (key: string | undefined) => key && t(key, { ns: ['finance', 'translation'] });
  const one = t(`entities.${kind.segment}.one`);
  const title = doc ? t('common.edit_title', { name: recordTitle(kind, doc, one) }) : t(`entities.${kind.segment}.new`);
  const hasActive = wallets.some((w) => w.active !== false);

  const walletField = (name: 'wallet_id' | 'source_wallet_id' | 'destination_wallet_id') => (
    <WalletSelect key={name} label={t(`fields.${name}`)} name={name} wallets={wallets} value={values[name]} onChange={(id) => set({ [name]: id })} error={tr(errors[name])} />
  );
  const amountField = (field: AmountField, hint?: string) => {
    const id = amountWalletId(kind, field, values);
    const currency = (id && lookup[id]?.currency) || NO_CURRENCY;
    const digits = amountDigits(kind, field, values, lookup);
    return (
      <MoneyInput
        // drawn anew when its currency or decimals change, so the text shows the amount at the new decimals
        key={`${field}-${currency}-${digits}`}
        component={TextInput}
        label={t(`fields.${field}`)}
        description={hint}
        name={field}
        required={field !== 'fee'}
        currency={currency}
        digits={digits}
        minorUnits
        value={values[field]}
        onChange={(v) => set({ [field]: v })}
        error={errors[field] && t(errors[field], { ns: ['finance', 'translation'], max: formatExactMoney(AMOUNT_MAX, i18n.language, currency, digits) })}
        data-testid={`amount-${field}`}
      />
    );
  };
  const shown = new Set(['date', 'description', 'categories', kind.party ?? '', ...kind.amounts, 'fee_kind', ...(kind.between ? ['source_wallet_id', 'destination_wallet_id'] : ['wallet_id'])]);
  const otherErrors = Object.entries(errors).filter(([field]) => !shown.has(field));
  return (
    <Stack>
      <PageHeader title={title} back={{ to: accountPath(accountId, kind.segment, doc?._id), label: doc ? recordTitle(kind, doc, one) : t(`entities.${kind.segment}.many`) }} />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      {!hasActive && <NoWalletsNotice accountId={accountId} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kind.between ? [walletField('source_wallet_id'), walletField('destination_wallet_id')] : walletField('wallet_id')}
            <TextInput type="date" label={t('fields.date')} name="date" required value={values.date} onChange={(e) => set({ date: e.currentTarget.value })} error={tr(errors.date)} />
            {kind.klass === 'Exchange' ? (
              <>
                {amountField('value_out', t('hints.value_out'))}
                {amountField('value_in', t('hints.value_in'))}
                <Select
                  label={t('fields.fee_kind')}
                  name="fee_kind"
                  data={FEE_SIDES.map((side) => ({ value: side, label: t(`fee_kind.${side}`) }))}
                  value={values.fee_kind}
                  onChange={(v) => v && set({ fee_kind: v as RecordValues['fee_kind'] })}
                  allowDeselect={false}
                  error={tr(errors.fee_kind)}
                  comboboxProps={{ withinPortal: true }}
                />
                {amountField('fee')}
              </>
            ) : (
              <>
                {amountField('value')}
                {kind.between && amountField('fee', t('hints.fee_transfer'))}
              </>
            )}
            {kind.party && (
              <TextInput label={t(`fields.${kind.party}`)} name={kind.party} value={values.party} onChange={(e) => set({ party: e.currentTarget.value })} error={tr(errors[kind.party])} />
            )}
            <Stack gap={4}>
              <TextInput
                label={t('fields.categories')}
                description={t('hints.categories')}
                name="categories"
                value={values.categories}
                onChange={(e) => set({ categories: e.currentTarget.value })}
                error={tr(errors.categories)}
              />
              {toTags(values.categories).length > 0 && <TagBadges tags={toTags(values.categories)} size="xs" />}
            </Stack>
          </SimpleGrid>
          <Textarea label={t('fields.description')} name="description" value={values.description} onChange={(e) => set({ description: e.currentTarget.value })} autosize minRows={2} maxRows={8} error={tr(errors.description)} />
          {otherErrors.length > 0 && (
            <Group gap="xs" data-testid="other-errors">
              {otherErrors.map(([field, key]) => (
                <Text key={field} size="sm" c="red">
                  {field}: {tr(key)}
                </Text>
              ))}
            </Group>
          )}
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
