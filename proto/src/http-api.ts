import type { z } from 'zod';
import type { Doc, FindQuery, FindReply, WriteReply } from './documents';
import type { EmailRequest, LoginRequest, OkReply, PasswordResetRequest, PublicUser, RegisterRequest, SessionReply, UserCtx } from './identity';
import type { AccountChildrenReply, AccountCreateReply, AccountDoc, ChangesReply, CountByKlassRow, DbInfoReply, SecurityReply } from './accounts';
import type { BillingConfigReply, CheckoutReply, PlanPriceDoc } from './billing';
import type { BoardColumn, TicketPriorityCounterKey, TicketStatus } from './tickets';
import type { CsvUploadReply } from './finance';

// The gateway's HTTP routes as the browser calls them (spec §7): route key "METHOD /path/{param}" → its query, body and
// reply. The web client (frontends/ui/src/api) is typed from this map and builds the URL from the key itself, so it
// holds no list of paths of its own. Types only: nothing here reaches a bundle. The OpenAPI document the gateway serves
// describes the same routes for other readers (gateway/src/http/openapi.ts).

/** GET /: the API's version (also sent as x-app-version on every response). */
export interface WelcomeReply {
  servicedesk: string;
  version: string;
  api: { docs: string; openapi: string };
}

/**
 * GET /modules: the web module remotes deployed with this gateway (served under /modules/<name>/), sorted:
 * `{modules: ['tickets']}`. The web app shows a module's menus and feature switch only when its remote is listed.
 */
export interface ModulesReply {
  modules: string[];
}

/** GET /_session without a session cookie: none of a session's fields (declared absent, so either reply reads alike). */
export interface AnonymousSessionReply {
  ok: true;
  userCtx: { name: null; roles: [] };
  locale?: undefined;
  confirmed?: undefined;
  user?: undefined;
  memberships?: undefined;
}

/** POST /_session: the signed-in user's id and roles (the cookies carry the session). */
export interface HttpLoginReply {
  ok: true;
  name: UserCtx['name'];
  roles: UserCtx['roles'];
}

/** PUT /_users/{id}: profile fields; a password change also needs password_confirmation; every change current_password. */
export interface UserUpdateBody {
  _rev?: string;
  fullname?: string;
  newsletter?: boolean;
  unconfirmed_email?: string;
  locale?: string;
  password?: string;
  password_confirmation?: string;
  current_password?: string;
  return_url?: string;
}

export interface AccountCreateBody {
  name: string;
  /** a corporate group with no parent that the caller administers: the new group is its sub-group */
  parent_account_id?: string;
}

export interface AccountUpdateBody {
  _rev?: string;
  name?: string;
  billing_email?: string | null;
}

/** Query-string values as the client sends them (undefined ones are left out). */
export type QueryValue = string | number | boolean | undefined;

/** An update names the revision it is based on (here, or as _rev in the body). */
export interface RevQuery {
  [key: string]: QueryValue;
  rev?: string;
}
/** A delete names the revision it removes. */
export interface DeleteQuery {
  [key: string]: QueryValue;
  rev: string;
}
export interface FieldsQuery {
  [key: string]: QueryValue;
  /** comma list or JSON array of field names */
  fields?: string;
}
export interface ViewQuery {
  [key: string]: QueryValue;
  group_level?: number;
  /** the ticket board: cards per column */
  limit?: number;
}
export interface ChangesQuery {
  [key: string]: QueryValue;
  since?: number;
  include_docs?: boolean;
  limit?: number;
  descending?: boolean;
}

/** The body of a document create or update: the document's fields (the klass's owner validates them). */
export type DocBody = Record<string, unknown>;

/** One route: what its query string, body and reply are (absent: the route takes none). */
export interface HttpRouteShape {
  query?: Record<string, QueryValue>;
  body?: unknown;
  reply: unknown;
}

export interface HttpApi {
  'GET /': { reply: WelcomeReply };
  'GET /modules': { reply: ModulesReply };

  'GET /_session': { reply: SessionReply | AnonymousSessionReply };
  'POST /_session': { body: z.input<typeof LoginRequest>; reply: HttpLoginReply };
  'DELETE /_session': { reply: OkReply };

  'POST /_users': { body: z.input<typeof RegisterRequest>; reply: PublicUser };
  'POST /_users/_confirmation': { body: z.input<typeof EmailRequest>; reply: OkReply };
  'POST /_users/_confirm/{token}': { reply: OkReply };
  'POST /_users/_password': { body: z.input<typeof EmailRequest>; reply: OkReply };
  'PUT /_users/_password/{token}': { body: Omit<z.input<typeof PasswordResetRequest>, 'token'>; reply: OkReply };
  'GET /_users/{name}': { query?: FieldsQuery; reply: PublicUser };
  'PUT /_users/{id}': { query?: RevQuery; body: UserUpdateBody; reply: WriteReply };

  'POST /accounts': { body: AccountCreateBody; reply: AccountCreateReply };
  'GET /accounts/{account_id}': { query?: FieldsQuery; reply: AccountDoc };
  'PUT /accounts/{account_id}': { query?: RevQuery; body: AccountUpdateBody; reply: WriteReply };
  'GET /accounts/{account_id}/groups': { reply: AccountChildrenReply };

  'GET /{db}': { reply: DbInfoReply };
  'GET /{db}/_changes': { query?: ChangesQuery; reply: ChangesReply };
  'GET /{db}/_security': { reply: SecurityReply };
  'POST /{db}/_find': { body: FindQuery; reply: FindReply };
  'POST /{db}': { body: DocBody; reply: WriteReply };
  'GET /{db}/{id}': { query?: FieldsQuery; reply: Doc };
  'PUT /{db}/{id}': { query?: RevQuery; body: DocBody; reply: WriteReply };
  'DELETE /{db}/{id}': { query: DeleteQuery; reply: WriteReply };
  'GET /{db}/_design/{design}/_view/{view}': { query?: ViewQuery; reply: { rows: Array<{ key: unknown; value: unknown }> } };
  'PUT /{db}/_design/{design}/_update/{handler}/{id}': { body?: unknown; reply: WriteReply };

  'POST /prices/_find': { body: FindQuery; reply: { docs: PlanPriceDoc[] } };
  'GET /billing/config': { reply: BillingConfigReply };
  'POST /{db}/_checkout': { body: { price_id: string }; reply: CheckoutReply };
  /** a bank statement's bytes (text/csv, at most CSV_MAX_BYTES), for the finance module's import */
  'POST /{db}/_imports': { body: Blob; reply: CsvUploadReply };
}

export type HttpRouteKey = keyof HttpApi;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The path parameters of a route key: 'GET /{db}/{id}' → {db: string; id: string}. */
export type PathParams<K extends string> = K extends `${string}{${infer P}}${infer Rest}` ? { [N in P | keyof PathParams<Rest>]: string } : Record<never, never>;

/** A row of the priority counters (count-by-open-ticket-priority, count-by-ticket-priority): a count per key. */
export interface TicketPriorityCounterRow {
  /** null at group_level 0 (the total) */
  key: TicketPriorityCounterKey | null;
  value: number;
}

/** The rows of each view the browser reads (`GET /{db}/_design/<design>/_view/all`), by design document. */
export interface ViewRows {
  'count-by-klass': CountByKlassRow;
  'count-by-open-ticket-priority': TicketPriorityCounterRow;
  'count-by-ticket-priority': TicketPriorityCounterRow;
  'count-by-ticket-status': { key: TicketStatus | null; value: number };
  'ticket-board': { key: TicketStatus; value: BoardColumn };
}
export type ViewDesign = keyof ViewRows;
