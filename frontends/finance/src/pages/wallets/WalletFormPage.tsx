import type { WalletDoc } from '@app/proto';
import { Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { currencyDigits, MoneyInput } from '@app/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDoc, useWalletHasRecords, useWallets } from '../../hooks/finance';
import { useInvalidate } from '../../hooks/invalidate';
import { docs } from '../../lib/api';
import { AMOUNT_MAX, PRECISION_MAX } from '../../lib/contract';
import { isFieldError, serverFieldErrors } from '../../lib/field-errors';
import { currencyCodes, currencyName, formatExactMoney, walletDigits } from '../../lib/money';
import type { Errors } from '../../lib/records';
import { changeWallet, defaultCurrency, initialWalletValues, toWalletDocument, validateWallet, type WalletValues } from '../../lib/wallets';
import { accountPath, useRoute } from '../../routing';
import { ErrorBanner, FormActions, PageHeader } from '@app/module-kit';

/** New and edit of a wallet. */
export default function WalletFormPage() {
  const { t, i18n } = useTranslation('finance');
  const { accountId, recordId } = useRoute();
  const wallet = useDoc<'Wallet'>(accountId, recordId);
  // a new wallet starts in the group's currency (its wallets'), else the person's
  const wallets = useWallets(accountId);
  if (recordId && wallet.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (recordId && !wallet.data) return <ErrorBanner error={wallet.error} onRetry={() => void wallet.refetch()} retrying={wallet.isFetching} />;
  if (!recordId && wallets.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  const currency = defaultCurrency(wallets.data, i18n.language, typeof navigator === 'undefined' ? [] : navigator.languages);
  return <WalletForm key={wallet.data?._rev ?? 'new'} doc={wallet.data} currency={currency} />;
}

/**
 * Name, currency (ISO codes, BRL, USD and EUR first; a new wallet's is the group's or the person's), decimals (the
 * currency's unless changed), start balance, card and its limit, active. The currency and decimals are fixed once the
 * wallet has records (their amounts are kept in them), and the form says so before.
 */
export function WalletForm({ doc, currency = 'BRL' }: { doc?: WalletDoc; currency?: string }) {
  const { t, i18n } = useTranslation('finance');
  const { accountId } = useRoute();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const hasRecords = useWalletHasRecords(accountId, doc?._id);
  const [values, setValues] = useState<WalletValues>(() => initialWalletValues(doc, currency));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<WalletValues>) => setValues((v) => changeWallet(v, patch));
  const currencies = useMemo(() => currencyCodes().map((code) => ({ value: code, label: `${code} — ${currencyName(code, i18n.language)}` })), [i18n.language]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (doc ? docs.update(accountId, doc._id, doc._rev, body) : docs.create(accountId, body)),
    onSuccess: async (reply) => {
      await invalidate();
      navigate(accountPath(accountId, 'wallets', reply.id));
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  const submit = () => {
    const found = validateWallet(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(toWalletDocument(values, doc));
  };
  const digits = walletDigits(values);
  const bound = (sign: 1 | -1) => formatExactMoney(sign * AMOUNT_MAX, i18n.language, values.currency || 'XXX', digits);
  const tr = (key: string | undefined) => key && t(key, { ns: ['finance', 'translation'], max: bound(1), min: bound(-1) });
  // fixed once the wallet has records (until it is known, as if it had)
  const locked = !!doc && hasRecords.data !== false;
  const precisionOptions = [
    { value: 'auto', label: t('wallets.precision_default', { digits: values.currency ? currencyDigits(values.currency) : 2 }) },
    ...Array.from({ length: PRECISION_MAX + 1 }, (_, n) => ({ value: String(n), label: String(n) })),
  ];
  const money = (field: 'start_balance' | 'limit', extra: { allowNegative?: boolean; description?: string }) => (
    <MoneyInput
      // drawn anew when the decimals or currency change, so the text shows the amount at the new decimals
      key={`${field}-${values.currency}-${digits}`}
      component={TextInput}
      label={t(`fields.${field}`)}
      name={field}
      currency={values.currency}
      digits={digits}
      minorUnits
      value={values[field]}
      onChange={(v) => set({ [field]: v })}
      error={tr(errors[field])}
      data-testid={`amount-${field}`}
      {...extra}
    />
  );
  return (
    <Stack>
      <PageHeader
        title={doc ? t('common.edit_title', { name: doc.name ?? doc._id }) : t('entities.wallets.new')}
        back={{ to: accountPath(accountId, 'wallets', doc?._id), label: doc ? (doc.name ?? doc._id) : t('entities.wallets.many') }}
      />
      {!isFieldError(save.error) && <ErrorBanner error={save.error} />}
      <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e: React.FormEvent) => (e.preventDefault(), submit())}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.name')} name="name" required value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={tr(errors.name)} />
            <Select
              label={t('fields.currency')}
              name="currency"
              required
              searchable
              data={currencies}
              value={values.currency || null}
              onChange={(v) => set({ currency: v ?? '' })}
              allowDeselect={false}
              disabled={locked}
              description={locked ? t('hints.locked') : t('hints.currency')}
              error={tr(errors.currency)}
              limit={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('fields.precision')}
              name="precision"
              data={precisionOptions}
              value={values.precision === null ? 'auto' : String(values.precision)}
              onChange={(v) => set({ precision: v === null || v === 'auto' ? null : Number(v) })}
              allowDeselect={false}
              disabled={locked}
              description={locked ? undefined : t('hints.precision')}
              error={tr(errors.precision)}
              comboboxProps={{ withinPortal: true }}
            />
            {money('start_balance', { allowNegative: true })}
          </SimpleGrid>
          <Switch label={t('fields.card')} name="card" checked={values.card} onChange={(e) => set({ card: e.currentTarget.checked })} />
          {values.card && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {money('limit', { description: t('hints.limit') })}
            </SimpleGrid>
          )}
          <Switch label={t('fields.active')} name="active" checked={values.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
          <FormActions saving={save.isPending} />
        </Stack>
      </Paper>
    </Stack>
  );
}
