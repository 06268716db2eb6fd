import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModuleName } from '../frame/module-context';
import { ErrorBanner } from './ErrorBanner';

/** The parts of a list's query (TanStack Query's result) the list shows. */
export interface ListQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list's body from its query: "Loading…", the error card with "Try again" and nothing else when the query failed (a
 * failed list is not an empty one: "Nothing here yet." under the error said the opposite of the truth), the empty text,
 * or the rows. `pending` holds it on "Loading…" while the query waits for something (a disabled query is pending).
 */
export function QueryList<T>({
  query,
  pending,
  empty,
  size,
  children,
}: {
  query: ListQuery<T>;
  pending?: boolean;
  empty?: ReactNode;
  /** the texts' size: 'sm' in a record's sections */
  size?: 'sm';
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation(useModuleName());
  if (query.error) return <ErrorBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending || pending)
    return (
      <Text c="dimmed" size={size}>
        {t('common.loading')}
      </Text>
    );
  if (!query.data?.length)
    return (
      <Text c="dimmed" size={size} data-testid="empty-list">
        {empty ?? t('common.empty')}
      </Text>
    );
  return <>{children(query.data)}</>;
}
