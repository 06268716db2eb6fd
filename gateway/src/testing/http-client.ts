// A small HTTP client for tests over real HTTP (Node's fetch): a cookie jar per browser, the XSRF header sent like the
// web app sends it (from the XSRF-TOKEN cookie), JSON in and out.

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  setCookies: string[];
}

export interface RequestOptions {
  /** JSON-encoded unless `raw` is given */
  body?: unknown;
  /** sent as is, with `contentType` (default none) */
  raw?: string | Buffer;
  contentType?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** send X-XSRF-TOKEN from the jar (default true, like the web app) */
  xsrf?: boolean;
  bearer?: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('AuthSession');
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | Buffer | undefined;
    if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (opts.raw !== undefined) {
      body = opts.raw;
      if (opts.contentType) headers['content-type'] = opts.contentType;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    if (this.cookies.size > 0 && !opts.bearer) headers.cookie = this.cookieHeader();
    if (opts.xsrf !== false && this.xsrfToken && !opts.bearer) headers['x-xsrf-token'] = this.xsrfToken;
    if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
    // a Buffer goes as a copy in a plain Uint8Array: the DOM's fetch types (the browser tests' program) take no Buffer
    const payload = typeof body === 'string' || body === undefined ? body : new Uint8Array(body);
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const setCookies = res.headers.getSetCookie();
    this.absorb(setCookies);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text, setCookies };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('POST', path, { ...opts, body });
  }
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('PUT', path, { ...opts, body });
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, opts);
  }

  /** Keeps cookies like a browser: an expired (Max-Age=0) one is dropped. */
  private absorb(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A copy of this browser (same cookies), e.g. to replay an old session. */
  clone(): Browser {
    const b = new Browser(this.baseUrl);
    for (const [k, v] of this.cookies) b.cookies.set(k, v);
    return b;
  }
}

/** The attributes of the Set-Cookie line for `name`, lower-cased, e.g. {path: '/', httponly: true, samesite: 'lax'}. */
export function cookieAttributes(setCookies: string[], name: string): Record<string, string | true> | undefined {
  const line = setCookies.find((l) => l.startsWith(`${name}=`));
  if (!line) return undefined;
  const out: Record<string, string | true> = {};
  for (const attr of line.split(';').slice(1)) {
    const [k, v] = attr.trim().split('=');
    out[k.toLowerCase()] = v === undefined ? true : v.toLowerCase();
  }
  return out;
}
