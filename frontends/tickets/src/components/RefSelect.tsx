import type { Doc } from '@app/proto';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { refLabel, useRefs, type RefKlass } from '../hooks/refs';

/** A searchable select of an account's records of one klass (optionally filtered). */
export function RefSelect({
  accountId,
  klass,
  label,
  value,
  onChange,
  error,
  filter,
  required,
  name,
}: {
  accountId: string;
  klass: RefKlass;
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  error?: string;
  filter?: (doc: Doc) => boolean;
  required?: boolean;
  name?: string;
}) {
  const { t, i18n } = useTranslation('tickets');
  const refs = useRefs(accountId, klass);
  const words = { language: i18n.language, noun: t('entities.contracts.one') };
  const options = (refs.data ?? [])
    .filter((d) => !filter || filter(d) || d._id === value)
    .map((d) => ({ value: d._id, label: refLabel(d, words) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Select
      label={label}
      name={name}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? undefined)}
      searchable
      clearable
      required={required}
      nothingFoundMessage={t('common.nothing_found')}
      placeholder={refs.isPending ? t('common.loading') : t('common.choose')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
