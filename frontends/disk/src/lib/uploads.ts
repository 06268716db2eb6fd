// The upload queue's state (pure): one row per chosen or dropped file, its bytes sent, and what became of it. The
// screen draws a progress bar per row; the hook (hooks/uploads.ts) starts tus uploads and feeds these actions.

export type UploadStatus = 'queued' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  /** local key of the row */
  key: string;
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
  /** where it goes: a folder (null: the root), or a new version of a file */
  target: UploadTarget;
  /** the server's reason when it failed (a quota refusal's text), or an i18n key of ours */
  error?: UploadError;
}

export type UploadTarget = { dirId: string | null } | { fileId: string };

export interface UploadError {
  /** the server's {reason} when it gave one */
  reason?: string;
  /** our text's key when it did not (disk.upload.errors.<key>) */
  key?: 'network' | 'refused' | 'quota';
}

export type UploadAction =
  | { type: 'add'; items: Array<Pick<UploadItem, 'key' | 'name' | 'size' | 'target'>> }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; sent: number; total?: number }
  | { type: 'retrying'; key: string }
  | { type: 'done'; key: string }
  | { type: 'failed'; key: string; error: UploadError }
  | { type: 'cancelled'; key: string }
  /** drops finished rows: all of them, or those of `keys` */
  | { type: 'clear'; keys?: readonly string[] };

const FINISHED: ReadonlySet<UploadStatus> = new Set(['done', 'failed', 'cancelled']);
export const isFinished = (item: Pick<UploadItem, 'status'>) => FINISHED.has(item.status);
export const isActive = (item: Pick<UploadItem, 'status'>) => item.status === 'uploading' || item.status === 'retrying';

export function uploadsReducer(state: UploadItem[], action: UploadAction): UploadItem[] {
  const change = (key: string, f: (item: UploadItem) => UploadItem) => state.map((item) => (item.key === key ? f(item) : item));
  switch (action.type) {
    case 'add':
      return [...state, ...action.items.map((i) => ({ ...i, sent: 0, status: 'queued' as const }))];
    case 'start':
      return change(action.key, (i) => (i.status === 'queued' ? { ...i, status: 'uploading' } : i));
    case 'progress':
      // a resumed upload reports from where it resumed; the total is the server's idea of the size
      return change(action.key, (i) =>
        isFinished(i) ? i : { ...i, status: 'uploading', sent: Math.max(0, action.sent), size: action.total && action.total > 0 ? action.total : i.size },
      );
    case 'retrying':
      return change(action.key, (i) => (isFinished(i) ? i : { ...i, status: 'retrying' }));
    case 'done':
      return change(action.key, (i) => (i.status === 'cancelled' ? i : { ...i, status: 'done', sent: i.size, error: undefined }));
    case 'failed':
      return change(action.key, (i) => (isFinished(i) ? i : { ...i, status: 'failed', error: action.error }));
    case 'cancelled':
      return change(action.key, (i) => (isFinished(i) ? i : { ...i, status: 'cancelled' }));
    case 'clear':
      return state.filter((i) => !isFinished(i) || (action.keys !== undefined && !action.keys.includes(i.key)));
  }
}

/** The share sent of one row, 0–100 (a finished row is full; an empty file is full when done). */
export function percent(item: Pick<UploadItem, 'sent' | 'size' | 'status'>): number {
  if (item.status === 'done') return 100;
  if (!(item.size > 0)) return 0;
  return Math.min(100, Math.floor((item.sent / item.size) * 100));
}

/** How many uploads run at once; the rest wait their turn. */
export const PARALLEL_UPLOADS = 2;

/** The queued rows to start now, in the order they were added. */
export function nextToStart(state: UploadItem[], limit = PARALLEL_UPLOADS): UploadItem[] {
  const running = state.filter(isActive).length;
  return state.filter((i) => i.status === 'queued').slice(0, Math.max(0, limit - running));
}

/** Waits before each retry after a dropped connection; tus then asks the server where it stopped and resumes there. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

/**
 * Whether tus should try again after a failed request of status `status` (0: no response, the connection dropped).
 * A quota refusal (507, 413) or another refusal (4xx) is final; a conflict or lock (409, 423: the offset moved) and
 * server or network failures are tried again.
 */
export function shouldRetryUpload(status: number): boolean {
  if (status === 0) return true;
  if (status === 507 || status === 413) return false;
  if (status === 409 || status === 423) return true;
  return status < 400 || status >= 500;
}

/** What a failed upload tells the person: the server's reason when its body has one, else our text for the case. */
export function uploadError(status: number, body: string | undefined): UploadError {
  let reason: string | undefined;
  try {
    const parsed = body ? (JSON.parse(body) as { reason?: unknown }) : undefined;
    if (typeof parsed?.reason === 'string' && parsed.reason.trim()) reason = parsed.reason;
  } catch {
    // not JSON: a proxy's page
  }
  const key = status === 0 ? 'network' : status === 507 || status === 413 ? 'quota' : 'refused';
  return reason ? { reason, key } : { key };
}

/**
 * The tus metadata of an upload: a new file in a folder (dir_id empty for the root), or a new version of a file (its
 * name stays); filetype is the browser's idea of the content type (tus clients' usual key).
 */
export function uploadMetadata(file: { name: string; type?: string }, target: UploadTarget): Record<string, string> {
  const where: Record<string, string> = 'fileId' in target ? { file_id: target.fileId } : { name: file.name, dir_id: target.dirId ?? '' };
  return file.type ? { ...where, filetype: file.type } : where;
}
