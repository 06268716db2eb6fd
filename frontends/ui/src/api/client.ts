// The browser's client of the gateway's JSON API (spec §7): cookies travel with every call, unsafe methods echo the
// XSRF-TOKEN cookie in X-XSRF-TOKEN, each call names the screen in x-route-name, and a failed call throws an ApiError
// carrying the response's {error, reason} (spec §8).

export type Reason = string | Record<string, unknown> | undefined;

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no response came back (network error) */
    readonly status: number,
    readonly error: string,
    readonly reason: Reason,
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

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The version the page loaded with: the first x-app-version seen (undefined before any response). */
  loadedVersion(): string | undefined;
  /** Asks the server for its version (GET /); true when it differs from the loaded one (onVersionChange is called too). */
  checkVersion(): Promise<boolean>;
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

  async function request<T>(method: string, path: string, { body, query, signal }: RequestOptions = {}): Promise<T> {
    const m = method.toUpperCase();
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
        (typeof payload.reason === 'string' || (payload.reason && typeof payload.reason === 'object')
          ? payload.reason
          : undefined) as Reason,
      );
      options.onError?.(apiErr, path, m);
      throw apiErr;
    }
    return data as T;
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    del: (path, o) => request('DELETE', path, o),
    loadedVersion: () => loaded,
    async checkVersion() {
      try {
        const body = await request<{ version?: unknown }>('GET', '/');
        // the header was compared in request(); the body's version covers a proxy dropping the header
        if (!changed && typeof body?.version === 'string') noteVersion(body.version);
      } catch {
        return changed;
      }
      return changed;
    },
  };
}
