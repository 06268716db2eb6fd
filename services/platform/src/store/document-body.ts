import { createHash, randomBytes } from 'crypto';
import { errors, isKlass, KLASSES, type ChangeEvent, type Doc, type Klass, type ServiceName } from '@app/proto';
import { isPlainObject } from '../mango/json-value';

// The rules of a stored document body, without I/O: ids, revisions, the server-stamped fields, tombstones and the
// change event of a write.

export const MAX_ID_LENGTH = 200;
const ID_CHARS = /^[\x21-\x7e]+$/; // printable ASCII, no blanks: ids travel in URLs and NATS headers

/** Fields the server sets; a client's values for them are ignored. */
const STAMPED = new Set(['_rev', 'created_at', 'updated_at', 'created_by', 'klass']);

// random bytes for ids are taken from a buffer filled 4 kB at a time: a randomBytes call per id cost a batch write
// of 20,000 documents about 100 ms (what crypto.randomUUID does too)
let randomPool = Buffer.alloc(0);
let randomAt = 0;

function randomHex(bytes: number): string {
  if (randomAt + bytes > randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  randomAt += bytes;
  return randomPool.toString('hex', randomAt - bytes, randomAt);
}

export function newDocId(klass: Klass): string {
  return `${KLASSES[klass].prefix}-${randomHex(10)}`;
}

export function checkDb(db: unknown): string {
  if (typeof db !== 'string' || db.length === 0 || db.length > MAX_ID_LENGTH || !ID_CHARS.test(db)) {
    throw errors.badRequest('invalid database name');
  }
  return db;
}

export function checkId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH || !ID_CHARS.test(id)) {
    throw errors.badRequest('invalid document id');
  }
  return id;
}

/** The klass of a new document: a known klass owned by this service. */
export function checkKlass(klass: unknown, service: ServiceName): Klass {
  if (typeof klass !== 'string' || klass === '') throw errors.badRequest('klass is required');
  if (!isKlass(klass)) throw errors.badRequest(`unknown klass ${klass}`);
  if (KLASSES[klass].service !== service) throw errors.badRequest(`klass ${klass} is not stored by the ${service} service`);
  return klass;
}

/** An id the client chose must carry the klass's prefix. */
export function checkIdPrefix(id: string, klass: Klass): void {
  const prefix = `${KLASSES[klass].prefix}-`;
  if (!id.startsWith(prefix) || id.length === prefix.length) throw errors.badRequest(`_id of a ${klass} must start with ${prefix}`);
}

/** The client's fields: a plain object whose keys starting with "_" are only _id and _rev. */
export function checkFields(doc: unknown): Record<string, unknown> {
  if (!isPlainObject(doc)) throw errors.badRequest('document must be an object');
  for (const key of Object.keys(doc)) {
    if (key.startsWith('_') && key !== '_id' && key !== '_rev') throw errors.badRequest(`field ${key} is not allowed (names starting with _ are reserved)`);
  }
  return doc;
}

/** N of an `N-hash` revision; 0 for anything else. */
export function revNumber(rev: string | null | undefined): number {
  const m = typeof rev === 'string' ? /^(\d+)-/.exec(rev) : null;
  return m ? Number(m[1]) : 0;
}

function hashBody(body: Record<string, unknown>): string {
  const { _rev, ...rest } = body;
  void _rev;
  return createHash('md5').update(JSON.stringify(rest)).digest('hex');
}

/** JSON text of a body to store; a 400 for what JSON cannot hold. */
function jsonText(body: Record<string, unknown>): string {
  try {
    return JSON.stringify(body);
  } catch (e) {
    throw errors.badRequest(`document is not valid JSON: ${(e as Error).message}`);
  }
}

export interface StampInput {
  id: string;
  klass: string;
  /** N of the new revision */
  n: number;
  fields: Record<string, unknown>;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

/** A body to store with its JSON text (what goes to Postgres) and that text's size in bytes, from one serialisation. */
export interface StampedBody {
  body: Doc;
  text: string;
  size: number;
}

/** The full body to store: _id, _rev, klass, the client's fields, then the server's timestamps and author. */
export function stampBody(s: StampInput): Doc {
  return stampBodyText(s).body;
}

/**
 * stampBody with the body's JSON text: the body is that text parsed (the body as Postgres will hold it, undefined
 * dropped), and `_rev`'s hash is md5 of that text without `"_rev"`, as hashBody computes it on the parsed body.
 */
export function stampBodyText(s: StampInput): StampedBody {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.fields)) if (k !== '_id' && !STAMPED.has(k)) fields[k] = v;
  const draft = { _id: s.id, _rev: '', klass: s.klass, ...fields, created_at: s.created_at, updated_at: s.updated_at, created_by: s.created_by };
  const text = jsonText(draft);
  // JSON.stringify of JSON.parse of JSON.stringify's text gives that text again, so the parsed body's JSON (with or
  // without _rev) is cut from this one. It starts with _id and _rev unless a field's name is an integer ("7"), which
  // JavaScript orders first: such a body takes the long way.
  const id = JSON.stringify(s.id);
  const head = `{"_id":${id},"_rev":""`;
  if (text.startsWith(head)) {
    const rest = text.slice(head.length);
    const rev = `${s.n}-${createHash('md5').update(`{"_id":${id}${rest}`).digest('hex')}`;
    const full = `{"_id":${id},"_rev":"${rev}"${rest}`;
    return { body: JSON.parse(full) as Doc, text: full, size: Buffer.byteLength(full, 'utf8') };
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  body._rev = `${s.n}-${hashBody(body)}`;
  return withText(body as Doc);
}

/** A body with its JSON text and size (for bodies not made by stampBodyText, e.g. tombstones). */
export function withText(body: Doc): StampedBody {
  const text = JSON.stringify(body);
  return { body, text, size: Buffer.byteLength(text, 'utf8') };
}

/** The body a delete leaves behind. */
export function tombstoneBody(id: string, klass: string, n: number, updated_at: string): Doc {
  const body: Record<string, unknown> = { _id: id, _rev: '', klass, _deleted: true, updated_at };
  body._rev = `${n}-${hashBody(body)}`;
  return body as unknown as Doc;
}

export function bodySize(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body), 'utf8');
}

/** What a change log shows for a document: its label, name, title, description, key or email (the first string). */
export function labelOf(body: Record<string, unknown> | null | undefined): string | null {
  if (!body) return null;
  // the timeline links a record by this (spec §2); key/email name a setting or a membership that has no name
  for (const key of ['label', 'name', 'title', 'description', 'key', 'email']) {
    if (typeof body[key] === 'string') return body[key] as string;
  }
  return null;
}

/** The event of a write; `actor` is the user whose request made it, null for the system's own work. */
export function changeEvent(db: string, body: Doc, deleted: boolean, size: number, label: string | null, actor: string | null): ChangeEvent {
  return { account_id: db, id: body._id, klass: body.klass, rev: body._rev, deleted, label, updated_at: body.updated_at, size, actor };
}
