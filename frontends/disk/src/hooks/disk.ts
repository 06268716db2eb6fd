import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, disk } from '../lib/api';
import { listQueries, orderEntries, trashQuery, trashRoots, type Place, type Sort } from '../lib/files';

// What the disk screens read: a listing (a folder or the starred ones), a folder's path, the usage, a file's versions,
// the trash and the signed-in user. Every key starts with 'disk', so a write
// refreshes them all (hooks/invalidate.ts).

const placeKey = (place: Place) => ('starred' in place ? 'starred' : (place.dirId ?? 'root'));

/** A folder's (or the starred) folders and files in the order shown. */
export function useListing(accountId: string, place: Place, sort: Sort) {
  return useQuery({
    queryKey: ['disk', accountId, 'list', placeKey(place), sort.field, sort.direction],
    queryFn: async () => {
      const q = listQueries(place, sort);
      const [folders, files] = await Promise.all([disk.find(accountId, q.folders), disk.find(accountId, q.files)]);
      return { entries: orderEntries([...folders, ...files], sort), truncated: folders.length >= (q.folders.limit ?? Infinity) || files.length >= (q.files.limit ?? Infinity) };
    },
    // a new sort keeps the rows on screen until the new order comes
    placeholderData: keepPreviousData,
  });
}

/** The folder's ancestors from the root down, itself last (none for the root). */
export function usePath(accountId: string, dirId: string | null) {
  return useQuery({
    queryKey: ['disk', accountId, 'path', dirId ?? 'root'],
    queryFn: () => (dirId ? disk.path(accountId, dirId) : Promise.resolve([])),
    staleTime: 30_000,
  });
}

/** The subfolders of a folder (the move dialog's browser). */
export function useFolders(accountId: string, dirId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['disk', accountId, 'folders', dirId ?? 'root'],
    queryFn: () => disk.find(accountId, listQueries({ dirId }, { field: 'name', direction: 'asc' }).folders),
    enabled,
  });
}

export function useUsage(accountId: string) {
  return useQuery({ queryKey: ['disk', accountId, 'usage'], queryFn: () => disk.usage(accountId), staleTime: 30_000 });
}

export function useVersions(accountId: string, fileId: string | undefined) {
  return useQuery({
    queryKey: ['disk', accountId, 'versions', fileId],
    queryFn: () => disk.versions(accountId, fileId!),
    enabled: !!fileId,
  });
}

/** What the trash shows: what was trashed itself, the latest first. */
export function useTrash(accountId: string) {
  return useQuery({ queryKey: ['disk', accountId, 'trash'], queryFn: async () => trashRoots(await disk.find(accountId, trashQuery())) });
}

/** The signed-in user (the shell's session query: same key, same call). */
export function useSession() {
  return useQuery({ queryKey: ['session'], queryFn: () => api.call('GET /_session'), staleTime: 60_000 });
}
