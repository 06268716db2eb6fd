import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupRestoreBody, BackupRestoreDoc } from '@app/proto';
import { ApiError, readCookie } from '@app/ui';
import { api } from '../../app/api';
import { anyPending, isPending } from './backups.rules';

// The backups page's data: the deployment's settings, the group's backups and restores (read again every 2 s while
// one is queued or running), and the actions.

export const backupsKey = (accountId: string) => ['backups', accountId] as const;

export function useBackupSettings() {
  return useQuery({ queryKey: ['backup-settings'], queryFn: () => api.call('GET /backups/settings'), staleTime: Infinity });
}

export function useBackups(accountId: string) {
  return useQuery({
    queryKey: backupsKey(accountId),
    queryFn: () => api.call('GET /accounts/{account_id}/backups', { params: { account_id: accountId } }),
    refetchInterval: (query) => (anyPending(query.state.data) ? 2000 : false),
  });
}

export function useBackUpNow(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('POST /accounts/{account_id}/backups', { params: { account_id: accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey(accountId) }),
  });
}

/** After a restore: the list, and the session (a restore into a new group adds a membership). */
function useRestoreSettled(accountId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: backupsKey(accountId) }), queryClient.invalidateQueries({ queryKey: ['session'] })]);
}

export function useRestore(accountId: string) {
  const settled = useRestoreSettled(accountId);
  return useMutation({
    mutationFn: ({ backupId, body }: { backupId: string; body: BackupRestoreBody }) =>
      api.call('POST /accounts/{account_id}/backups/{backup_id}/restore', { params: { account_id: accountId, backup_id: backupId }, body }),
    onSettled: settled,
  });
}

/** An archive file restored: its bytes go as the request body (application/gzip), not through the JSON client. */
export async function uploadArchive(accountId: string, file: Blob, body: BackupRestoreBody): Promise<BackupRestoreDoc> {
  const query = new URLSearchParams({ mode: body.mode, ...(body.confirm !== undefined ? { confirm: body.confirm } : {}) });
  const headers: Record<string, string> = { 'content-type': 'application/gzip', accept: 'application/json' };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const res = await fetch(`/accounts/${encodeURIComponent(accountId)}/backups/upload?${query}`, { method: 'POST', headers, body: file, credentials: 'include' });
  const data = (await res.json().catch(() => ({}))) as { error?: string; reason?: string | Record<string, string> };
  if (!res.ok) throw new ApiError(res.status, data.error ?? 'undefined error', data.reason);
  return data as unknown as BackupRestoreDoc;
}

export function useUpload(accountId: string) {
  const settled = useRestoreSettled(accountId);
  return useMutation({
    mutationFn: ({ file, body }: { file: Blob; body: BackupRestoreBody }) => uploadArchive(accountId, file, body),
    onSettled: settled,
  });
}

/**
 * The owner's combined archive once asked for (`asked`): POST /backups/combined answers the one of the last day or
 * queues a new one, so asking again while it is being made reads its progress (every 2 s).
 */
export function useCombined(asked: boolean) {
  return useQuery({
    queryKey: ['backup-combined'],
    queryFn: () => api.call('POST /backups/combined'),
    enabled: asked,
    refetchInterval: (query) => (query.state.data && isPending(query.state.data) ? 2000 : false),
  });
}
