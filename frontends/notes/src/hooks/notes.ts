import type { BookmarkDoc, HandbookDoc, HandbookRevision } from '@app/proto';
import { ApiError, isApiError } from '@app/ui';
import { useQuery } from '@tanstack/react-query';
import { bookmarks, docs, handbooks } from '../lib/api';

// The notes screens' data: a handbook by id or address, its revisions, the tags, the group's members (who changed a
// page), a bookmark (read again while its page is being fetched).

/** Ids the platform gives handbooks (`hbk-` and 20 hex digits); anything else in the path is an address. */
export const isHandbookId = (ref: string) => /^hbk-[0-9a-f]{20}$/.test(ref);

export interface ResolvedHandbook {
  doc: HandbookDoc;
  /** the path named it by an id or an earlier address: the page moves to its current address */
  moved: boolean;
}

// one-record queries are `['notes', 'doc', …]`: what an edit form saves from, only marked stale by live updates
export const handbookKey = (accountId: string, ref: string) => ['notes', 'doc', accountId, 'handbook', ref] as const;

/** A handbook by id, or by its address now or before (`by_uri`); a 404 when neither finds it. */
export async function resolveHandbook(accountId: string, ref: string): Promise<ResolvedHandbook> {
  if (isHandbookId(ref)) {
    try {
      const doc = await handbooks.get(accountId, ref);
      return { doc, moved: !!doc.uri && doc.uri !== ref };
    } catch (err) {
      if (!isApiError(err) || err.status !== 404) throw err;
      // an address that looks like an id: asked as an address below
    }
  }
  const match = await handbooks.byUri(accountId, ref);
  if (!match) throw new ApiError(404, 'not_found', 'missing');
  const doc = await handbooks.get(accountId, match._id);
  return { doc, moved: (doc.uri ?? match.uri) !== ref };
}

export function useHandbook(accountId: string, ref: string | undefined) {
  return useQuery({ queryKey: handbookKey(accountId, ref ?? ''), queryFn: () => resolveHandbook(accountId, ref!), enabled: !!ref });
}

export function useRevisions(accountId: string, id: string | undefined) {
  return useQuery({ queryKey: ['notes', 'revisions', accountId, id], queryFn: () => handbooks.revisions(accountId, id!), enabled: !!id });
}

/**
 * A revision with its content: as listed, or read alone when the list left its content out (a large page's older
 * revisions past the list's byte budget).
 */
export function useWholeRevision(accountId: string, id: string, listed: HandbookRevision | undefined) {
  const omitted = !!listed?.content_omitted;
  const whole = useQuery({
    queryKey: ['notes', 'revision', accountId, id, listed?.revision],
    queryFn: () => handbooks.revision(accountId, id, listed!.revision),
    enabled: omitted,
    staleTime: Infinity,
  });
  return omitted ? (whole.data ?? undefined) : listed;
}

export function useTags(accountId: string) {
  return useQuery({ queryKey: ['notes', 'tags', accountId], queryFn: () => handbooks.tags(accountId), staleTime: 30_000 });
}

/** The group's members by user id, named as the other modules name them (full name, address, label). */
export function useMemberNames(accountId: string) {
  return useQuery({
    queryKey: ['notes', 'members', accountId],
    queryFn: async (): Promise<Map<string, string>> => {
      const subs = await docs.find(accountId, { selector: { klass: 'Subscription' }, limit: 1000 });
      const names = new Map<string, string>();
      for (const s of subs) {
        if (!s.user_id) continue;
        const user = (s.user ?? {}) as { fullname?: string; email?: string; label?: string };
        names.set(s.user_id, user.fullname || user.email || s.email || user.label || s.user_id);
      }
      return names;
    },
    staleTime: 60_000,
  });
}

/** How often a bookmark whose page is being fetched is read again, and for how many reads at most. */
export const FETCH_POLL_MS = 1000;
export const FETCH_POLL_MAX = 60;

export const isFetching = (b: Pick<BookmarkDoc, 'fetch_status'> | undefined) => !!b && (b.fetch_status === 'pending' || b.fetch_status === undefined);

export function useBookmark(accountId: string, id: string | undefined) {
  return useQuery({
    queryKey: ['notes', 'doc', accountId, 'bookmark', id],
    queryFn: () => bookmarks.get(accountId, id!),
    enabled: !!id,
    // the title comes when the background fetch is done
    refetchInterval: (q) => (isFetching(q.state.data) && q.state.dataUpdateCount < FETCH_POLL_MAX ? FETCH_POLL_MS : false),
  });
}
