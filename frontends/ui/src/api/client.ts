import type { FindQuery, HttpApi, HttpRouteKey, Klass, KlassDoc, PathParams, QueryValue, Reason, ViewDesign, ViewQuery, ViewRows, WriteReply } from '@app/proto';

// The browser's client of the gateway's JSON API (spec §7), typed from proto's route map (HttpApi): a call names its
// route key ("METHOD /path/{param}"), the key gives the URL, and the compiler checks the parameters, query, body and
// reply against proto. Cookies travel with every call, unsafe methods echo the XSRF-TOKEN cookie in X-XSRF-TOKEN, each
// call names the screen in x-route-name, and a failed call throws an ApiError carrying the response's {error, reason}
// (spec §8). Only types come from proto: the client adds nothing of it to a bundle.

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no response came back (network error) */
    readonly status: number,
    readonly error: string,
    readonly reason: Reason | undefined,
  ) {
    super(typeof reason === 'string' ? reason : error);
    this.name = 'ApiError';
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The value of a cookie readable by scripts (document.cookie), or undefined. */
export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface ApiClientOptions {
  /** '' for the page's own origin */
  baseUrl?: string;
  /** the current screen's name, sent as x-route-name */
  routeName?: () => string | undefined;
  /** called with every ApiError before it is thrown (the shell's session check on 401/403) */
  onError?: (err: ApiError, path: string, method: string) => void;
  fetch?: typeof fetch;
  /**
   * called when a response's x-app-version differs from the version the page loaded with (the first one seen): a new
   * release is deployed and the page should be reloaded (spec §4, the new-version banner)
   */
  onVersionChange?: (current: string, loaded: string) => void;
}

export const APP_VERSION_HEADER = 'x-app-version';

/** A field of a route's options: required when the route requires it, optional when optional, absent when it has none. */
type Part<R, F extends 'query' | 'body'> = F extends keyof R
  ? Record<never, never> extends Pick<R, F>
    ? { [P in F]?: R[F] }
    : { [P in F]: R[F] }
  : { [P in F]?: never };

/** What a call of route K takes: its path parameters, query and body as proto declares them, and an abort signal. */
export type CallOptions<K extends HttpRouteKey> = (keyof PathParams<K> extends never ? { params?: never } : { params: PathParams<K> }) &
  Part<HttpApi[K], 'query'> &
  Part<HttpApi[K], 'body'> & { signal?: AbortSignal };

/** The reply of route K. */
export type Reply<K extends HttpRouteKey> = HttpApi[K]['reply'];

type CallArgs<K extends HttpRouteKey> = Record<never, never> extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** A find of one klass: the selector names it, and the answer is that klass's documents. */
export type KlassFind<K extends Klass> = FindQuery & { selector: { klass: K } };

export interface ApiClient {
  /** Calls one route of proto's HttpApi: `call('GET /{db}/{id}', {params: {db, id}})`. */
  call<K extends HttpRouteKey>(route: K, ...args: CallArgs<K>): Promise<Reply<K>>;
  /** POST /{db}/_find of one klass: its documents, typed as that klass's (KlassDocs). */
  find<K extends Klass>(db: string, query: KlassFind<K>, signal?: AbortSignal): Promise<KlassDoc<K>[]>;
  /** GET /{db}/{id} of a document of klass K (the id's prefix names it; the caller says which). */
  getDoc<K extends Klass>(db: string, id: string, signal?: AbortSignal): Promise<KlassDoc<K>>;
  /** GET /{db}/_design/{design}/_view/all: the view's rows, typed by design (ViewRows). */
  view<D extends ViewDesign>(db: string, design: D, query?: ViewQuery, signal?: AbortSignal): Promise<ViewRows[D][]>;
  /** PUT /{db}/_design/{design}/_update/{handler}/{id}: an update handler. */
  update(db: string, design: string, handler: string, id: string, body?: unknown): Promise<WriteReply>;
  /** The version the page loaded with: the first x-app-version seen (undefined before any response). */
  loadedVersion(): string | undefined;
  /** Asks the server for its version (GET /); true when it differs from the loaded one (onVersionChange is called too). */
  checkVersion(): Promise<boolean>;
}

/** The method and path of a route key, its {parameters} filled in (URI-encoded). */
export function routePath(route: HttpRouteKey, params: Record<string, string> = {}): { method: string; path: string } {
  const space = route.indexOf(' ');
  const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${route}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return { method: route.slice(0, space), path };
}

interface RawRequest {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let loaded: string | undefined;
  let changed = false;

  /** Compares a response's version with the loaded one; true when they differ. */
  function noteVersion(version: string | null | undefined): boolean {
    if (!version) return false;
    if (loaded === undefined) {
      loaded = version;
      return false;
    }
    if (version === loaded) return false;
    changed = true;
    options.onVersionChange?.(version, loaded);
    return true;
  }

  async function request(m: string, path: string, { body, query, signal }: RawRequest = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (UNSAFE.has(m)) {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers['x-xsrf-token'] = xsrf;
    }
    const route = options.routeName?.();
    if (route) headers['x-route-name'] = route;
    let url = base + path;
    if (query) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
      const s = qs.toString();
      if (s) url += (url.includes('?') ? '&' : '?') + s;
    }
    let response: Response;
    try {
      response = await doFetch(url, {
        method: m,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      const apiErr = new ApiError(0, 'connection error', 'Network error');
      options.onError?.(apiErr, path, m);
      throw apiErr;
    }
    noteVersion(response.headers?.get(APP_VERSION_HEADER));
    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!response.ok) {
      const payload = (data && typeof data === 'object' ? data : {}) as { error?: unknown; reason?: unknown };
      const apiErr = new ApiError(
        response.status,
        typeof payload.error === 'string' ? payload.error : 'undefined error',
        typeof payload.reason === 'string' || (payload.reason && typeof payload.reason === 'object') ? (payload.reason as Reason) : undefined,
      );
      options.onError?.(apiErr, path, m);
      throw apiErr;
    }
    return data;
  }

  function call<K extends HttpRouteKey>(route: K, ...[opts]: CallArgs<K>): Promise<Reply<K>> {
    const o = (opts ?? {}) as RawRequest & { params?: Record<string, string> };
    const { method, path } = routePath(route, o.params);
    return request(method, path, o) as Promise<Reply<K>>;
  }

  return {
    call,
    async find<K extends Klass>(db: string, query: KlassFind<K>, signal?: AbortSignal) {
      const { docs } = await call('POST /{db}/_find', { params: { db }, body: query, signal });
      return docs as KlassDoc<K>[];
    },
    async getDoc<K extends Klass>(db: string, id: string, signal?: AbortSignal) {
      return (await call('GET /{db}/{id}', { params: { db, id }, signal })) as KlassDoc<K>;
    },
    async view<D extends ViewDesign>(db: string, design: D, query?: ViewQuery, signal?: AbortSignal) {
      const { rows } = await call('GET /{db}/_design/{design}/_view/{view}', { params: { db, design, view: 'all' }, query, signal });
      return rows as ViewRows[D][];
    },
    update: (db, design, handler, id, body) => call('PUT /{db}/_design/{design}/_update/{handler}/{id}', { params: { db, design, handler, id }, body }),
    loadedVersion: () => loaded,
    async checkVersion() {
      try {
        const body = await call('GET /');
        // the header was compared in request(); the body's version covers a proxy dropping the header
        if (!changed && typeof body?.version === 'string') noteVersion(body.version);
      } catch {
        return changed;
      }
      return changed;
    },
  };
}
