import { Anchor, Select, Text } from '@mantine/core';
import type { WalletDoc } from '@app/proto';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountPath } from '../routing';

/**
 * A wallet picker: the active wallets, "name (currency)"; the record's own wallet stays listed when it has been
 * made inactive since, so an edit doesn't lose it.
 */
export function WalletSelect({
  label,
  name,
  wallets,
  value,
  onChange,
  error,
  description,
  loading,
}: {
  label: string;
  name: string;
  wallets: WalletDoc[] | undefined;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  description?: string;
  loading?: boolean;
}) {
  const { t } = useTranslation('finance');
  const options = (wallets ?? [])
    .filter((w) => w.active !== false || w._id === value)
    .map((w) => ({ value: w._id, label: `${w.name} (${w.currency})${w.active === false ? ` ${t('wallets.inactive_suffix')}` : ''}` }));
  return (
    <Select
      label={label}
      name={name}
      data={options}
      value={value}
      onChange={(v) => onChange(v)}
      allowDeselect={false}
      required
      description={description}
      placeholder={loading ? t('common.loading') : t('common.choose')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid={`select-${name}`}
    />
  );
}

/** Said over a money form when the group has no active wallet: records need one. */
export function NoWalletsNotice({ accountId }: { accountId: string }) {
  const { t } = useTranslation('finance');
  return (
    <Text size="sm" c="dimmed" data-testid="no-wallets">
      {t('hints.no_wallets')}{' '}
      <Anchor component={Link} to={accountPath(accountId, 'wallets', 'new')} size="sm">
        {t('hints.create_wallet')}
      </Anchor>
    </Text>
  );
}
