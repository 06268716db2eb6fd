import type { CloudFileDoc, DiskUsage, DocBody, FileVersion, FindQuery } from '@app/proto';
import { createApiClient, hostHookOptions, type ApiClient } from '@app/ui';
import { DESIGN, FILES_ROUTE, UPDATES, VIEWS } from './contract';

// The remote's client of the gateway (the disk-module contract, proto/src/disk.ts): CloudFile documents through the
// document API (_find, POST a folder, PUT a rename / move / star…, DELETE from the trash), the disk design's views and
// update handlers, and the byte routes' addresses. It is the @app/ui client, like the shell's: same origin, cookies,
// the XSRF header and x-route-name (the remote's screen name).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};
export const currentRouteName = () => routeName;

// failures and version changes go to the shell (re-login modal, new-version banner)
export let api: ApiClient = createApiClient({ routeName: () => routeName, ...hostHookOptions() });

/** For tests: another client (e.g. with a stubbed fetch). */
export function setApiClient(client: ApiClient): void {
  api = client;
}

type Row<V> = { key: unknown; value: V };

/** A view of the disk design keyed by one id (`?key="cfl-…"`, JSON as the view reads it), or unkeyed. */
async function diskView<V>(accountId: string, view: string, id?: string): Promise<Row<V>[]> {
  const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', {
    params: { db: accountId, design: DESIGN, view },
    query: id === undefined ? undefined : { key: JSON.stringify(id) },
  });
  return rows as Row<V>[];
}

const update = (accountId: string, handler: string, id: string, body?: unknown) => api.update(accountId, DESIGN, handler, id, body);

export const disk = {
  find: (accountId: string, query: FindQuery & { selector: { klass: 'CloudFile' } }): Promise<CloudFileDoc[]> => api.find(accountId, query),
  get: (accountId: string, id: string) => api.getDoc<'CloudFile'>(accountId, id),
  /** a new folder (files are made by uploads) */
  createFolder: (accountId: string, name: string, dirId: string | null) =>
    api.call('POST /{db}', { params: { db: accountId }, body: { klass: 'CloudFile', kind: 'dir', name, dir_id: dirId } }),
  /** the whole document with its changes, on the revision it was read at (a stale one answers 409) */
  save: (accountId: string, doc: CloudFileDoc, changes: DocBody) =>
    api.call('PUT /{db}/{id}', { params: { db: accountId, id: doc._id }, query: { rev: doc._rev }, body: { ...doc, ...changes } }),
  /** delete forever (from the trash) */
  purge: (accountId: string, doc: CloudFileDoc) => api.call('DELETE /{db}/{id}', { params: { db: accountId, id: doc._id }, query: { rev: doc._rev } }),
  trash: (accountId: string, id: string) => update(accountId, UPDATES.trash, id),
  restore: (accountId: string, id: string) => update(accountId, UPDATES.restore, id),
  restoreVersion: (accountId: string, id: string, version: number) => update(accountId, UPDATES.restoreVersion, id, { version }),
  /** a folder's ancestors from the root down, itself last */
  path: async (accountId: string, dirId: string) => (await diskView<{ name?: string }>(accountId, VIEWS.path, dirId)).map((r) => ({ id: String(r.key), name: r.value?.name ?? '' })),
  /** a file's stored versions, newest first */
  versions: async (accountId: string, id: string): Promise<FileVersion[]> => (await diskView<FileVersion>(accountId, VIEWS.versions, id)).map((r) => r.value),
  usage: async (accountId: string): Promise<DiskUsage | null> => (await diskView<DiskUsage>(accountId, VIEWS.usage))[0]?.value ?? null,
};

/** The bytes of a file (inline for previews; `download` asks for an attachment; `version` an older one). */
export function fileUrl(accountId: string, id: string, opts: { download?: boolean; version?: number } = {}): string {
  const qs = new URLSearchParams();
  if (opts.download) qs.set('download', '1');
  if (opts.version !== undefined) qs.set('version', String(opts.version));
  const q = qs.toString();
  return `${FILES_ROUTE}/${encodeURIComponent(accountId)}/${encodeURIComponent(id)}${q ? `?${q}` : ''}`;
}
