import dns from 'dns';
import type { LookupAddress, LookupOptions } from 'dns';
import type { Socket } from 'net';
import { Transform, type TransformCallback } from 'stream';
import zlib from 'zlib';
import { Agent, buildConnector } from 'undici';
import type { Dispatcher } from 'undici';
import { isIpLiteral, isPublicAddress } from './address-policy';
import { OutboundError } from './outbound-error';

// The one way services fetch a URL a user typed (a feed, a bookmark's page): every request bounded in time (one deadline
// for connect, headers and the whole body, across redirects) and in size (counted while it streams, after
// decompression), and kept off the private network. The address check runs where the socket is opened: on every
// address DNS answers (so a name pointing at 127.0.0.1, or re-pointed there after a first check, is refused) and on
// the peer the socket really reached, and a literal IP in the URL is refused before anything is sent.

export interface SafeFetchOptions {
  /** Loopback, private, link-local, ULA, CGNAT, multicast and unspecified addresses are refused unless true. */
  allowPrivate: boolean;
  /** Total deadline: connect, headers and the whole body, every redirect included. */
  timeoutMs: number;
  /** The body is given up (too_large) past this many bytes, counted after decompression while it streams. */
  maxBytes: number;
  /** 301/302/303/307/308 are followed by hand, each hop checked again. */
  maxRedirects: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'HEAD';
  /**
   * HTTP Basic credentials kept apart from the URL (a feed's sign-in): sent as Authorization to the hops on `origin`
   * only (scheme, host and port), never to a redirect elsewhere, as credentials written in the URL are.
   */
  basicAuth?: { origin: string; username: string; password: string } | null;
}

export interface SafeFetchResult {
  status: number;
  /** The URL that answered, after redirects, without userinfo (credentials in it are never handed back). */
  url: string;
  /** Lower-case names; a repeated header's values joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
}

export const DEFAULT_USER_AGENT = 'ServiceDesk/1.0 (feed reader and link previews)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that refuses a name when any of its addresses is not public (a mixed answer could be picked either way). */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new OutboundError('private_address', `${hostname} resolves to a private address (${refused.address})`), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}

/**
 * The connection pools, shared by every call (one per kind of address check and deadline, so a connection opened
 * for a caller allowed private addresses never serves one that is not): a pool made and destroyed per call cost a TCP
 * handshake, a close and undici's error objects for each fetch, most of a 304's CPU. Idle connections are kept briefly
 * (KEEP_ALIVE_MS), enough for the next feed of the same site, not enough to pile up sockets for a list of many sites.
 */
const agents = new Map<string, Agent>();
/** distinct (allowPrivate, deadline) pairs kept; callers use a handful, the oldest is closed past this */
const MAX_AGENTS = 16;
const KEEP_ALIVE_MS = 2000;

function agentFor(opts: SafeFetchOptions): Agent {
  // undici's own timers are a safety net behind the total deadline (safeFetch's timer), a little later so that the
  // deadline is what ends a slow request (both at the same instant, undici's fired first at times: a "network" error)
  const timeout = Math.max(1, opts.timeoutMs) + 1000;
  const key = `${opts.allowPrivate ? 'private' : 'public'}:${timeout}`;
  let agent = agents.get(key);
  if (agent && !agent.destroyed && !agent.closed) return agent;
  agent = newAgent(opts.allowPrivate, timeout);
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) {
    const [oldest, dropped] = agents.entries().next().value!;
    agents.delete(oldest);
    dropped.close().catch(() => undefined); // its requests running end first
  }
  return agent;
}

function newAgent(allowPrivate: boolean, timeout: number): Agent {
  const pooling = { headersTimeout: timeout, bodyTimeout: timeout, keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: KEEP_ALIVE_MS };
  if (allowPrivate) return new Agent({ ...pooling, connect: { timeout } });
  const connector = buildConnector({ timeout, lookup: guardedLookup } as buildConnector.BuildOptions);
  return new Agent({
    ...pooling,
    // checked once per connection, when it is opened: a kept connection was checked then
    connect: (options, callback) =>
      connector(options, (err, socket) => {
        if (err) return callback(err, null);
        // Belt and braces: the peer actually reached, whatever resolved it (net skips the lookup for literal IPs).
        const remote = (socket as Socket).remoteAddress;
        if (remote && !isPublicAddress(remote)) {
          socket.destroy();
          return callback(new OutboundError('private_address', `${options.hostname} is a private address (${remote})`), null);
        }
        callback(null, socket);
      }),
  });
}

/** The URL parsed and checked: http(s) only, and no literal private IP unless allowed. */
function checkedUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('bad_url', `not a URL: ${text.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad_url', `only http and https URLs can be fetched (${url.protocol})`);
  if (!url.hostname) throw new OutboundError('bad_url', 'the URL has no host');
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1].
  if (!allowPrivate && isIpLiteral(url.hostname) && !isPublicAddress(url.hostname)) {
    throw new OutboundError('private_address', `${url.hostname} is a private address`);
  }
  return url;
}

/** Basic credentials and the one origin they are sent to. */
interface OriginCredentials {
  origin: string;
  /** base64 of `user:password` */
  token: string;
}

const basicToken = (username: string, password: string) => Buffer.from(`${username}:${password}`).toString('base64');

function requestHeaders(given: Record<string, string> | undefined, url: URL, credentials: OriginCredentials | null): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given ?? {})) headers[name.toLowerCase()] = value;
  headers['user-agent'] ??= DEFAULT_USER_AGENT;
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  // Credentials (written in the URL, http://user:pass@host/feed, or given apart) go to their origin only, never to a
  // redirect elsewhere.
  if (credentials && url.origin === credentials.origin) headers['authorization'] ??= `Basic ${credentials.token}`;
  return headers;
}

/** The URL without its userinfo. */
function bare(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Deflate as servers send it: zlib-wrapped as the RFC says, or raw as some still do; told apart by the first byte. */
class AnyInflate extends Transform {
  private inner: zlib.Inflate | zlib.InflateRaw | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      if (chunk.length === 0) return callback();
      this.inner = (chunk[0]! & 0x0f) === 0x08 ? zlib.createInflate() : zlib.createInflateRaw();
      this.inner.on('data', (data: Buffer) => this.push(data));
      this.inner.on('error', (err) => this.destroy(err));
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) return callback();
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(err);
  }
}

/** The decoders for a Content-Encoding, in the order to apply them; null for an encoding not known (the body is kept as sent). */
function decoders(contentEncoding: string | undefined): Transform[] | null {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  const list: Transform[] = [];
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') list.push(zlib.createGunzip());
    else if (coding === 'deflate') list.push(new AnyInflate());
    else if (coding === 'br') list.push(zlib.createBrotliDecompress());
    else return null;
  }
  return list;
}

/** The body read to its end, decoded, and refused as soon as the raw or decoded bytes pass `maxBytes`. */
async function readBody(body: Dispatcher.ResponseData['body'], contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too_large', `the response is larger than ${maxBytes} bytes`);
  const chain = decoders(contentEncoding) ?? [];
  let stream: NodeJS.ReadableStream = body;
  let raw = 0;
  // Raw bytes are counted too: a compressed stream bigger than the limit is refused before it is decoded at all.
  body.on('data', (chunk: Buffer) => {
    raw += chunk.length;
    if (raw > maxBytes) body.destroy(tooLarge());
  });
  for (const decoder of chain) {
    const source = stream as NodeJS.ReadableStream & { destroy(err?: Error): void };
    source.on('error', (err: Error) => decoder.destroy(err));
    stream = source.pipe(decoder);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } finally {
    for (const decoder of chain) decoder.destroy();
    body.destroy();
  }
  return Buffer.concat(chunks, size);
}

/** undici's timeouts (connect, headers, body): a timeout whichever timer saw it first. */
const UNDICI_TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function asOutboundError(err: unknown, timedOut: boolean): OutboundError {
  if (err instanceof OutboundError) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof OutboundError) return cause;
  if (timedOut || UNDICI_TIMEOUTS.has(String((err as { code?: unknown } | null)?.code))) return new OutboundError('timeout', 'the request took longer than its deadline', { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return new OutboundError('network', message, { cause: err });
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** GET or HEAD `url` within the bounds of `opts`; every status is returned (the caller decides), only failures throw OutboundError. */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  if (!(opts.timeoutMs > 0) || !(opts.maxBytes >= 0) || !(opts.maxRedirects >= 0)) throw new RangeError('safeFetch: timeoutMs, maxBytes and maxRedirects must be positive numbers');
  const method = opts.method ?? 'GET';
  let current = checkedUrl(url, opts.allowPrivate);
  const credentials: OriginCredentials | null = opts.basicAuth
    ? { origin: opts.basicAuth.origin, token: basicToken(opts.basicAuth.username, opts.basicAuth.password) }
    : current.username || current.password
      ? { origin: current.origin, token: basicToken(safeDecode(current.username), safeDecode(current.password)) }
      : null;

  const agent = agentFor(opts);
  const controller = new AbortController();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    controller.abort(new OutboundError('timeout', `no complete answer within ${opts.timeoutMs} ms`));
  }, opts.timeoutMs);

  try {
    for (let hop = 0; ; hop++) {
      const target = new URL(current);
      target.username = '';
      target.password = '';
      const response = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method,
        headers: requestHeaders(opts.headers, current, credentials),
        signal: controller.signal,
      });
      const headers = flatHeaders(response.headers);

      if (REDIRECTS.has(response.statusCode)) {
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        const location = headers['location'];
        if (!location) throw new OutboundError('bad_status', `${response.statusCode} without a Location header`);
        if (hop >= opts.maxRedirects) throw new OutboundError('too_many_redirects', `more than ${opts.maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new OutboundError('bad_url', `bad redirect location: ${location.slice(0, 200)}`);
        }
        current = checkedUrl(next.href, opts.allowPrivate);
        continue;
      }

      const declared = Number(headers['content-length']);
      if (method === 'GET' && !headers['content-encoding'] && Number.isFinite(declared) && declared > opts.maxBytes) {
        response.body.destroy();
        throw new OutboundError('too_large', `the response declares ${declared} bytes, more than ${opts.maxBytes}`);
      }
      const body = method === 'HEAD' ? (await response.body.dump(), Buffer.alloc(0)) : await readBody(response.body, headers['content-encoding'], opts.maxBytes);
      if (method === 'GET' && decoders(headers['content-encoding'])?.length) {
        // The body handed back is decoded: its length and encoding headers described the bytes on the wire.
        delete headers['content-encoding'];
        delete headers['content-length'];
      }
      return { status: response.statusCode, url: bare(current), headers, body };
    }
  } catch (err) {
    throw asOutboundError(err, timedOut);
  } finally {
    clearTimeout(deadline);
  }
}
