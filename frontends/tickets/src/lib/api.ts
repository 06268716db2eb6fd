import type { Doc, DocBody, FindQuery, Klass, KlassDoc, ViewDesign, ViewQuery } from '@app/proto';
import { createApiClient, hostHookOptions, type ApiClient, type KlassFind } from '@app/ui';

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

/** The document of klass K; any document (Doc) when no klass is named. */
export type DocOf<K extends Klass> = [K] extends [never] ? Doc : KlassDoc<K>;

export const docs = {
  /** the documents of one klass (named in the selector), typed as that klass's */
  find: <K extends Klass>(accountId: string, query: KlassFind<K>) => api.find(accountId, query),
  /** documents of whatever klass (the generic record pages) */
  findAny: async (accountId: string, query: FindQuery): Promise<Doc[]> => (await api.call('POST /{db}/_find', { params: { db: accountId }, body: query })).docs,
  /** one document: `get<'Ticket'>(…)` is a TicketDoc, `get(…)` any Doc */
  get: <K extends Klass = never>(accountId: string, id: string) => api.getDoc(accountId, id) as Promise<DocOf<K>>,
  create: (accountId: string, doc: DocBody) => api.call('POST /{db}', { params: { db: accountId }, body: doc }),
  update: (accountId: string, id: string, rev: string, doc: DocBody) =>
    api.call('PUT /{db}/{id}', { params: { db: accountId, id }, query: { rev }, body: doc }),
  remove: (accountId: string, id: string, rev: string) => api.call('DELETE /{db}/{id}', { params: { db: accountId, id }, query: { rev } }),
  /** a view's rows, typed by its design (proto's ViewRows) */
  view: <D extends ViewDesign>(accountId: string, design: D, query: ViewQuery) => api.view(accountId, design, query),
  /** an update handler: PUT /{account_id}/_design/<design>/_update/<handler>/<id> */
  handler: (accountId: string, design: string, handler: string, id: string, body?: unknown) => api.update(accountId, design, handler, id, body),
};
