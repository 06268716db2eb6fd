import { createApiClient, hostHookOptions, type ApiClient } from '@app/ui';

// The remote's client of the gateway's document API (the tickets-module contract in the brief: _find, GET/PUT/DELETE
// by id, POST create, views and update handlers, all on /{account_id}/…). It is the @app/ui client, like the shell's:
// same origin, cookies, the XSRF header and x-route-name (the remote's screen name).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};

// failures and version changes go to the shell (re-login modal, new-version banner)
export let api: ApiClient = createApiClient({ routeName: () => routeName, ...hostHookOptions() });

/** For tests: another client (e.g. with a stubbed fetch). */
export function setApiClient(client: ApiClient): void {
  api = client;
}

export interface DocMeta {
  _id: string;
  _rev: string;
  klass: string;
  created_at?: string;
  updated_at?: string;
  created_by?: string | null;
}
export type AnyDoc = DocMeta & Record<string, unknown>;

export interface FindQuery {
  selector: Record<string, unknown>;
  fields?: string[];
  sort?: Array<string | Record<string, 'asc' | 'desc'>>;
  limit?: number;
  skip?: number;
}

export interface WriteReply<T = AnyDoc> {
  ok: true;
  id: string;
  rev: string;
  doc?: T;
}

export interface ViewRow {
  key: unknown;
  value: unknown;
}

export const docs = {
  find: async <T = AnyDoc>(accountId: string, query: FindQuery): Promise<T[]> =>
    (await api.post<{ docs: T[] }>(`/${accountId}/_find`, query)).docs,
  get: <T = AnyDoc>(accountId: string, id: string) => api.get<T>(`/${accountId}/${encodeURIComponent(id)}`),
  create: (accountId: string, doc: Record<string, unknown>) => api.post<WriteReply>(`/${accountId}`, doc),
  update: (accountId: string, id: string, rev: string, doc: Record<string, unknown>) =>
    api.put<WriteReply>(`/${accountId}/${encodeURIComponent(id)}`, doc, { query: { rev } }),
  remove: (accountId: string, id: string, rev: string) => api.del<WriteReply>(`/${accountId}/${encodeURIComponent(id)}`, { query: { rev } }),
  view: async (accountId: string, design: string, view: string, groupLevel: number): Promise<ViewRow[]> =>
    (await api.get<{ rows: ViewRow[] }>(`/${accountId}/_design/${design}/_view/${view}`, { query: { group_level: groupLevel } })).rows,
  /** a view with other parameters than group_level (e.g. the board's limit) */
  viewRows: async (accountId: string, design: string, view: string, query: Record<string, string | number | boolean | undefined>): Promise<ViewRow[]> =>
    (await api.get<{ rows: ViewRow[] }>(`/${accountId}/_design/${design}/_view/${view}`, { query })).rows,
  /** an update handler: PUT /{account_id}/_design/<design>/_update/<handler>/<id> */
  handler: (accountId: string, design: string, handler: string, id: string, body?: unknown) =>
    api.put<WriteReply>(`/${accountId}/_design/${design}/_update/${handler}/${encodeURIComponent(id)}`, body),
};
