import type { ReaderItemDoc, UserConfigurationDoc } from '@app/proto';
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isCountersQuery } from '@app/ui';
import { api, currentUserId, reader, settings, type FeedItem, type FeedQuery } from '../lib/api';
import type { StatusUpdate } from '../lib/contract';

// The reader screens' data: subscriptions, labels, unread counts, a page of the feed, one item whole, and the
// writes the feed makes on items (read, unread, star, unstar) and the user's mark-read-on-open setting.

export const readerKeys = {
  subscriptions: (accountId: string) => ['reader', 'subscriptions', accountId] as const,
  labels: (accountId: string) => ['reader', 'labels', accountId] as const,
  unread: (accountId: string) => ['reader', 'unread', accountId] as const,
  items: (accountId: string) => ['reader', 'items', accountId] as const,
  page: (accountId: string, q: FeedQuery) => ['reader', 'items', accountId, q] as const,
  item: (accountId: string, id: string) => ['reader', 'item', accountId, id] as const,
  doc: (accountId: string, id: string) => ['reader', 'doc', accountId, id] as const,
  setting: (userId: string) => ['reader', 'setting', userId] as const,
};

export function useSubscriptions(accountId: string) {
  return useQuery({ queryKey: readerKeys.subscriptions(accountId), queryFn: () => reader.subscriptions(accountId), staleTime: 30_000 });
}

export function useLabels(accountId: string) {
  return useQuery({ queryKey: readerKeys.labels(accountId), queryFn: () => reader.labels(accountId), staleTime: 30_000 });
}

/** Unread items per subscription id. */
export function useUnreadCounts(accountId: string) {
  return useQuery({ queryKey: readerKeys.unread(accountId), queryFn: () => reader.unreadCounts(accountId) });
}

export function useSubscription(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: readerKeys.doc(accountId, id ?? ''), queryFn: () => reader.subscription(accountId, id!), enabled: !!id });
}

export function useLabel(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: readerKeys.doc(accountId, id ?? ''), queryFn: () => reader.label(accountId, id!), enabled: !!id });
}

/** One page of the feed. */
export function useFeedPage(accountId: string, q: FeedQuery) {
  return useQuery({ queryKey: readerKeys.page(accountId, q), queryFn: () => reader.items(accountId, q), enabled: !!accountId });
}

/** An item whole (its content). */
export function useItem(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: readerKeys.item(accountId, id ?? ''), queryFn: () => reader.item(accountId, id!), enabled: !!id, staleTime: 60_000 });
}

/** What an update changes on an item. */
export const statusPatch = (update: StatusUpdate): Partial<Pick<FeedItem, 'read' | 'starred'>> =>
  update === 'read' ? { read: true } : update === 'unread' ? { read: false } : update === 'star' ? { starred: true } : { starred: false };

/** Writes the item's new state into every cached page and its whole copy, so the line changes at once and stays. */
export function patchCachedItem(queryClient: QueryClient, accountId: string, id: string, patch: Partial<FeedItem>): void {
  queryClient.setQueriesData<FeedItem[]>({ queryKey: readerKeys.items(accountId) }, (page) =>
    page?.some((i) => i._id === id) ? page.map((i) => (i._id === id ? { ...i, ...patch } : i)) : page,
  );
  queryClient.setQueryData<ReaderItemDoc>(readerKeys.item(accountId, id), (doc) => (doc ? { ...doc, ...patch } : doc));
}

/** Each cached page of the feed and how many times its data was set: what a write has written its change into. */
function pagesNow(queryClient: QueryClient, accountId: string): Map<string, number> {
  return new Map(queryClient.getQueryCache().findAll({ queryKey: readerKeys.items(accountId) }).map((q) => [q.queryHash, q.state.dataUpdateCount]));
}

/**
 * read, unread, star, unstar. The line changes at once and keeps its place on the page (an item read under the
 * "unread" filter stays until the page is read again, as in Miniflux); the unread counts and the shell's counters are
 * read again after the write; a refusal puts the line back as the server has it. A page read while the write was on
 * its way (the "starred" filter chosen right after a star) may have been answered before the write was stored, so
 * such pages, and only they, are read again once it is.
 */
export function useItemStatus(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: StatusUpdate }) => reader.status(accountId, update, id),
    onMutate: ({ id, update }) => {
      patchCachedItem(queryClient, accountId, id, statusPatch(update));
      return { patched: pagesNow(queryClient, accountId) };
    },
    onError: () => queryClient.invalidateQueries({ queryKey: readerKeys.items(accountId) }),
    onSuccess: (_answer, _update, context) => {
      void queryClient.invalidateQueries({ queryKey: readerKeys.items(accountId), predicate: (q) => context.patched.get(q.queryHash) !== q.state.dataUpdateCount });
      // the counters too (they share the shell's cache)
      void queryClient.invalidateQueries({ predicate: (q) => isCountersQuery(q.queryKey) });
      void queryClient.invalidateQueries({ queryKey: readerKeys.unread(accountId) });
    },
  });
}

/** The signed-in user's session (the shell keeps it under the same key). */
export function useSessionUserId(): string | undefined {
  const session = useQuery({ queryKey: ['session'], queryFn: () => api.call('GET /_session'), staleTime: 60_000 });
  return session.data?.userCtx.name ?? undefined;
}

/** The user's mark-read-on-open setting: off unless they turned it on. */
export function useMarkReadOnOpen() {
  const userId = useSessionUserId() ?? '';
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: readerKeys.setting(userId),
    queryFn: (): Promise<UserConfigurationDoc | null> => settings.markReadOnOpen(userId),
    enabled: !!userId,
    staleTime: 60_000,
  });
  const mutationKey = [...readerKeys.setting(userId), 'save'];
  const save = useMutation({
    mutationKey,
    mutationFn: async (value: boolean) => settings.saveMarkReadOnOpen(userId || (await currentUserId()), setting.data ?? null, value),
    // awaited: the save stays pending until the setting is read back
    onSettled: () => queryClient.invalidateQueries({ queryKey: readerKeys.setting(userId) }),
  });
  // the value being saved, from whichever of the page's switches saves it: the dashboard's feed, beside the switch,
  // read the old value until the setting came back, and an item opened then was not marked read
  const saving = useMutationState({ filters: { mutationKey, status: 'pending' }, select: (m) => m.state.variables as boolean });
  const on = saving.length ? saving[saving.length - 1] : setting.data?.value === true;
  return { on, setting, save, ready: !!userId && !setting.isPending };
}
