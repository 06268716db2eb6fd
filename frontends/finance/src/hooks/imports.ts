import type { MappingTryRecord } from '@app/proto';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { imports, rules, type ImportDoc } from '../lib/api';
import { useInvalidate } from './invalidate';

// The wallets-upload screen's data: one import followed while it runs, the past imports, and the mapping rules.

/** How often a running import is asked for its progress. */
export const PROGRESS_POLL_MS = 500;

/** States after which an import's document no longer changes by itself. */
export const isSettled = (doc: ImportDoc | undefined) => !!doc && ['done', 'failed', 'undone'].includes(String(doc.status));

export const importsKey = (accountId: string) => ['finance', 'imports', accountId] as const;

/**
 * One import, read every PROGRESS_POLL_MS until it is done, failed or undone; when it settles, the lists, balances and
 * counters are read again (its records are new) and the shell is told.
 */
export function useImportProgress(accountId: string, id: string | null) {
  const invalidate = useInvalidate();
  const query = useQuery({
    queryKey: ['finance', 'import', accountId, id],
    queryFn: () => imports.get(accountId, id!),
    enabled: !!id,
    refetchInterval: (q) => (isSettled(q.state.data) || q.state.error ? false : PROGRESS_POLL_MS),
  });
  const settled = useRef<string | null>(null);
  const status = query.data?.status;
  useEffect(() => {
    if (!id || !isSettled(query.data) || settled.current === `${id}:${status}`) return;
    settled.current = `${id}:${status}`;
    void invalidate();
  }, [id, status, query.data, invalidate]);
  return query;
}

/** The newest imports, read again while one of them is still running. */
export function useRecentImports(accountId: string) {
  return useQuery({
    queryKey: importsKey(accountId),
    queryFn: () => imports.recent(accountId),
    refetchInterval: (q) => (q.state.data?.some((d) => !isSettled(d)) ? PROGRESS_POLL_MS * 2 : false),
  });
}

/** The group's mapping rules (the import applies the active ones). */
export function useRules(accountId: string) {
  return useQuery({ queryKey: ['finance', 'rules', accountId], queryFn: () => rules.all(accountId) });
}

/**
 * An import's preview records as the group's active rules leave them, asked of the service (`mappings/_update/try`:
 * the rules' patterns run by its bounded matcher, never by this browser). Not asked when there is nothing to map;
 * while an answer is on its way the records show as read.
 */
export function useMappedPreview(accountId: string, records: MappingTryRecord[], enabled: boolean) {
  return useQuery({
    queryKey: ['finance', 'rules-try', accountId, records],
    queryFn: ({ signal }) => rules.try(accountId, records, signal),
    enabled: enabled && records.length > 0,
    staleTime: 30_000,
  });
}

