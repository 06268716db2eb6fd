import { AppError, errors } from '@app/proto';

// Request bodies: JSON (and form-encoded, for CouchDB-style login). Besides fastify's size limit, a body is refused
// (400) when it is not valid JSON, when it is nested deeper than the limit, when any key anywhere is one that
// could reach an object's prototype once some code merges it (`__proto__`, `constructor`, `prototype`), or when any
// key or string is not valid Unicode: JSON's `\ud800` escape gives a lone UTF-16 surrogate, which PostgreSQL refuses
// in text and jsonb (a form body cannot carry one: URLSearchParams decodes bad bytes to U+FFFD).

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface BodyLimits {
  bodyLimit: number;
  maxDepth: number;
}

function tooDeep(maxDepth: number): AppError {
  return errors.badRequest(`the body is nested deeper than ${maxDepth} levels`);
}

/** Refuses JSON text nested deeper than maxDepth before parsing it (cheap: one pass, no recursion). */
export function assertJsonDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) throw tooDeep(maxDepth);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
}

/** False for a string holding a lone UTF-16 surrogate (String.prototype.isWellFormed: Node 20, lib ES2024). */
export const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

function notUnicode(where: string): AppError {
  return errors.badRequest(`${where} holds text that is not valid Unicode (a lone UTF-16 surrogate such as \\ud800)`);
}

/**
 * Walks a parsed value: no forbidden key at any level, no nesting deeper than maxDepth, no key or string that is not
 * valid Unicode. `where` names the value in the reason ("the body", "the query parameter key").
 */
export function assertSafeValue(value: unknown, maxDepth: number, where = 'the body'): void {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 1 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormed(v)) throw notUnicode(where);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > maxDepth) throw tooDeep(maxDepth);
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) throw errors.badRequest(`the key "${key}" is not allowed in a request body`);
      if (!isWellFormed(key)) throw notUnicode(where);
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
}

/** An empty body is no body (clients send Content-Type: application/json on bodiless PUTs and DELETEs). */
export function parseJsonBody(text: string, maxDepth: number): unknown {
  if (text.trim() === '') return undefined;
  assertJsonDepth(text, maxDepth);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw errors.badRequest(`invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  assertSafeValue(value, maxDepth);
  return value;
}

/** application/x-www-form-urlencoded: a flat object; a repeated name becomes an array. */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    if (FORBIDDEN_KEYS.has(key)) throw errors.badRequest(`the key "${key}" is not allowed in a request body`);
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return { ...out };
}

/** Routes whose JSON body reaches the handler as the text received (the payment provider's signed webhook). */
export const RAW_BODY_PATHS: ReadonlySet<string> = new Set(['/billing/webhook']);

function isRawBodyRoute(req: unknown): boolean {
  const url = (req as { url?: unknown }).url;
  return typeof url === 'string' && RAW_BODY_PATHS.has(url.split('?')[0]);
}

/** The part of fastify's instance the parsers need (kept structural: Nest's adapter ships its own fastify copy). */
export interface ContentTypeParserHost {
  addContentTypeParser(
    type: string,
    opts: { parseAs: 'string'; bodyLimit: number },
    parser: (req: unknown, body: string, done: (err: Error | null, body?: unknown) => void) => void,
  ): unknown;
  removeContentTypeParser(type: string): unknown;
}

/** Replaces fastify's parsers: JSON and form bodies as above; any other media type is answered 415. */
export function registerBodyParsers(fastify: ContentTypeParserHost, limits: BodyLimits): void {
  fastify.removeContentTypeParser('text/plain');
  const opts = { parseAs: 'string' as const, bodyLimit: limits.bodyLimit };
  fastify.addContentTypeParser('application/json', opts, (req, body, done) => {
    try {
      // a signed webhook is checked against the exact text it was signed as
      if (isRawBodyRoute(req)) return done(null, body);
      done(null, parseJsonBody(body, limits.maxDepth));
    } catch (err) {
      done(err as Error);
    }
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', opts, (_req, body, done) => {
    try {
      done(null, parseFormBody(body));
    } catch (err) {
      done(err as Error);
    }
  });
}

/** The body of a route that takes a JSON object (not an array, string or nothing). */
export function objectBody(body: unknown, what = 'the body'): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest(`${what} must be a JSON object`);
  return body as Record<string, unknown>;
}
