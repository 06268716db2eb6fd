import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useModuleName } from '../frame/module-context';
import { ErrorBanner } from './ErrorBanner';
import { PageHeader } from './PageHeader';

/** The parts of a record's query (TanStack Query's result) its page shows before the record is there. */
export interface RecordQuery {
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A record page before its record: "Loading…", then, when the read failed, the page's header (the record's noun, the
 * way back to the list) and the error with "Try again".
 */
export function RecordPending({ query, title, back }: { query: RecordQuery; title: string; back: { to: string; label: string } }) {
  const { t } = useTranslation(useModuleName());
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  return (
    <Stack>
      <PageHeader title={title} back={back} />
      <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </Stack>
  );
}
