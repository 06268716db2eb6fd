import type { IncomingMessage } from 'http';
import { PassThrough, Readable, Writable } from 'stream';
import { v2 as webdav } from 'webdav-server';
import { AppError, CallerContext, Doc, isDirKind } from '@app/proto';
import { accountDb } from '../common/caller';
import { fileContentsMissing, MissingBlob } from '../blobs/missing-blob';
import { DiskFiles } from '../files/disk-files';
import { roomLeft } from '../files/cloud-file.rules';
import type { EntryDoc } from '../files/files.repository';
import { DavRepository, StoredLock } from './dav.repository';

// The group's disk as webdav-server sees it: a FileSystem whose entries are the CloudFile documents (the same tree and
// files as the web screens) and whose bytes are DiskFiles' blobs; locks and dead properties in PostgreSQL. Every call
// names a path; what one request has read is kept for that request (a PROPFIND of a folder of 1,000 files reads the
// folder, the properties and the locks once, not once per file per property).

type Cb<T> = (error?: Error, value?: T) => void;

/** The caller of each request, set by DavServer before the request runs. */
export const davCallers = new WeakMap<IncomingMessage, CallerContext>();

interface RequestState {
  ctx: CallerContext;
  accountId: string;
  /** path (`/a/b`) → entry, null when there is none */
  entries: Map<string, EntryDoc | null>;
  /** file id → dead properties */
  props: Map<string, Map<string, unknown>>;
  locks?: StoredLock[];
}

const states = new WeakMap<object, RequestState>();

/** The AppErrors of DiskFiles as webdav-server's errors (each has its status there). */
function davError(err: unknown): Error {
  if (!(err instanceof AppError)) return err instanceof Error ? err : new Error(String(err));
  switch (err.status) {
    case 404:
      return webdav.Errors.ResourceNotFound;
    case 403:
      return webdav.Errors.Forbidden;
    case 507:
      return webdav.Errors.InsufficientStorage;
    case 409:
    case 422:
      return typeof err.reason === 'object' && err.reason.dir_id ? webdav.Errors.IntermediateResourceMissing : webdav.Errors.ResourceAlreadyExists;
    default:
      return new webdav.HTTPError(err.status, err);
  }
}

function done<T>(cb: Cb<T>, work: () => Promise<T>): void {
  work().then(
    (value) => cb(undefined, value),
    (err: unknown) => cb(davError(err)),
  );
}

const key = (path: webdav.Path): string => `/${path.paths.join('/')}`;

class NoSerializer implements webdav.FileSystemSerializer {
  uid(): string {
    return 'servicedesk-disk';
  }
  serialize(_fs: webdav.FileSystem, callback: webdav.ReturnCallback<unknown>): void {
    callback(new Error('the disk is not serialised: it lives in PostgreSQL'));
  }
  unserialize(_data: unknown, callback: webdav.ReturnCallback<webdav.FileSystem>): void {
    callback(new Error('the disk is not serialised: it lives in PostgreSQL'));
  }
}

export class DiskFileSystem extends webdav.FileSystem {
  constructor(
    private readonly files: DiskFiles,
    private readonly dav: DavRepository,
  ) {
    super(new NoSerializer());
    this.doNotSerialize();
  }

  // ---- per-request state ------------------------------------------------------------------------------------------

  private state(context: webdav.RequestContext): RequestState {
    let state = states.get(context);
    if (state) return state;
    const request = (context as webdav.HTTPRequestContext).request;
    const ctx = request ? davCallers.get(request) : undefined;
    if (!ctx) throw new AppError('unauthorized', 'no caller');
    state = { ctx, accountId: accountDb(ctx), entries: new Map(), props: new Map() };
    states.set(context, state);
    return state;
  }

  /** Forgets what the request read (after it wrote). */
  private forget(context: webdav.RequestContext): void {
    const state = states.get(context);
    if (!state) return;
    state.entries.clear();
    state.props.clear();
    state.locks = undefined;
  }

  /** The entry at a path (null: none; the root has none either, see isRoot). */
  private async entry(context: webdav.RequestContext, path: webdav.Path): Promise<EntryDoc | null> {
    const state = this.state(context);
    const k = key(path);
    if (state.entries.has(k)) return state.entries.get(k)!;
    let dirId: string | null = null;
    let found: EntryDoc | null = null;
    for (let i = 0; i < path.paths.length; i++) {
      const prefix = `/${path.paths.slice(0, i + 1).join('/')}`;
      if (state.entries.has(prefix)) found = state.entries.get(prefix)!;
      else {
        found = await this.files.repo.entryNamed(state.accountId, dirId, path.paths[i]);
        state.entries.set(prefix, found);
      }
      if (!found || (i < path.paths.length - 1 && !isDirKind(found.kind))) {
        found = null;
        break;
      }
      dirId = found.id;
    }
    state.entries.set(k, found);
    return found;
  }

  private async mustEntry(context: webdav.RequestContext, path: webdav.Path): Promise<EntryDoc> {
    const found = await this.entry(context, path);
    if (!found) throw webdav.Errors.ResourceNotFound;
    return found;
  }

  /** The folder id of a path: null for the root, else its entry's id (404 when missing, 409 when a file). */
  private async folderId(context: webdav.RequestContext, path: webdav.Path): Promise<string | null> {
    if (path.isRoot()) return null;
    const found = await this.entry(context, path);
    if (!found) throw webdav.Errors.IntermediateResourceMissing;
    if (!isDirKind(found.kind)) throw webdav.Errors.WrongParentTypeForCreation;
    return found.id;
  }

  // ---- what a resource is -----------------------------------------------------------------------------------------

  protected _fastExistCheck(ctx: webdav.RequestContext, path: webdav.Path, callback: (exists: boolean) => void): void {
    if (path.isRoot()) return callback(true);
    this.entry(ctx, path).then(
      (e) => callback(!!e),
      () => callback(false),
    );
  }

  protected _type(path: webdav.Path, info: webdav.TypeInfo, callback: Cb<webdav.ResourceType>): void {
    if (path.isRoot()) return callback(undefined, webdav.ResourceType.Directory);
    done(callback, async () => (isDirKind((await this.mustEntry(info.context, path)).kind) ? webdav.ResourceType.Directory : webdav.ResourceType.File));
  }

  protected _readDir(path: webdav.Path, info: webdav.ReadDirInfo, callback: Cb<string[]>): void {
    done(callback, async () => {
      const state = this.state(info.context);
      const dirId = path.isRoot() ? null : (await this.mustEntry(info.context, path)).id;
      const children = await this.files.repo.children(state.accountId, dirId);
      const base = path.isRoot() ? '' : key(path);
      for (const child of children) state.entries.set(`${base}/${child.name}`, child);
      // the listing's properties in one query
      const props = await this.dav.properties(state.accountId, children.map((c) => c.id));
      for (const child of children) state.props.set(child.id, props.get(child.id) ?? new Map());
      return children.map((c) => c.name);
    });
  }

  private body(info: { context: webdav.RequestContext }, path: webdav.Path): Promise<Doc | null> {
    if (path.isRoot()) return Promise.resolve(null);
    return this.mustEntry(info.context, path).then((e) => e.body);
  }

  protected _size(path: webdav.Path, info: webdav.SizeInfo, callback: Cb<number>): void {
    done(callback, async () => Number((await this.body(info, path))?.size ?? 0));
  }

  protected _mimeType(path: webdav.Path, info: webdav.MimeTypeInfo, callback: Cb<string>): void {
    done(callback, async () => String((await this.body(info, path))?.content_type ?? 'application/octet-stream'));
  }

  protected _etag(path: webdav.Path, info: webdav.ETagInfo, callback: Cb<string>): void {
    done(callback, async () => {
      const doc = await this.body(info, path);
      return `"${davETag(doc)}"`;
    });
  }

  protected _creationDate(path: webdav.Path, info: webdav.CreationDateInfo, callback: Cb<number>): void {
    done(callback, async () => Date.parse(String((await this.body(info, path))?.created_at ?? 0)) || 0);
  }

  protected _lastModifiedDate(path: webdav.Path, info: webdav.LastModifiedDateInfo, callback: Cb<number>): void {
    done(callback, async () => {
      const doc = await this.body(info, path);
      return Date.parse(String(doc?.modified_at ?? doc?.updated_at ?? 0)) || 0;
    });
  }

  protected _displayName(path: webdav.Path, info: webdav.DisplayNameInfo, callback: Cb<string>): void {
    callback(undefined, path.isRoot() ? '' : path.fileName());
  }

  // ---- reading and writing bytes ------------------------------------------------------------------------------------

  protected _openReadStream(path: webdav.Path, info: webdav.OpenReadStreamInfo, callback: Cb<Readable>): void {
    done(callback, async () => {
      const entry = await this.mustEntry(info.context, path);
      if (isDirKind(entry.kind)) throw webdav.Errors.ExpectedAFileResourceType;
      if (!entry.body.version) return Readable.from([]); // created, nothing written yet
      const state = this.state(info.context);
      const content = await this.files.content(state.ctx, entry.id);
      const stream = await this.files.blobs.open(content.blobKey).catch((err: unknown) => {
        // its bytes are gone: 404 as over /files, rather than a storage error
        throw err instanceof MissingBlob ? fileContentsMissing(content.blobKey, { accountId: state.accountId, fileId: entry.id, version: content.version }) : err;
      });
      // webdav-server pipe()s it into the response, and pipe() leaves the source open when the response closes first
      // (a client gone midway): a local blob's file descriptor, or an S3 answer's socket, was then held for good
      const response = (info.context as webdav.HTTPRequestContext).response;
      if (response) closeWith(stream, response);
      return stream;
    });
  }

  protected _openWriteStream(path: webdav.Path, info: webdav.OpenWriteStreamInfo, callback: Cb<Writable>): void {
    done(callback, async () => {
      const state = this.state(info.context);
      const entry = await this.mustEntry(info.context, path);
      const size = info.estimatedSize >= 0 ? info.estimatedSize : undefined;
      if (size !== undefined) {
        const [quota, { used, reserved }] = await Promise.all([this.files.quota(state.ctx), this.files.repo.bytesTaken(state.accountId)]);
        if (size > roomLeft(quota, used + reserved)) throw webdav.Errors.InsufficientStorage;
      }
      const request = (info.context as webdav.HTTPRequestContext).request;
      const sink = uploadSink((body) =>
        this.files.upload(state.ctx, {
          target: { fileId: entry.id },
          body,
          size,
          contentType: request?.headers['content-type'] ?? null,
          modifiedAt: mtimeHeader(request),
        }),
      );
      this.forget(info.context);
      return sink;
    });
  }

  // ---- tree changes -------------------------------------------------------------------------------------------------

  protected _create(path: webdav.Path, info: webdav.CreateInfo, callback: (error?: Error) => void): void {
    done(callback, async () => {
      const state = this.state(info.context);
      const dirId = await this.folderId(info.context, path.getParent());
      if (await this.entry(info.context, path)) throw webdav.Errors.ResourceAlreadyExists;
      if (info.type.isDirectory) await this.files.createFolder(state.ctx, dirId, path.fileName());
      else await this.files.createEmpty(state.ctx, dirId, path.fileName());
      this.forget(info.context);
    });
  }

  protected _delete(path: webdav.Path, info: webdav.DeleteInfo, callback: (error?: Error) => void): void {
    done(callback, async () => {
      if (path.isRoot()) throw webdav.Errors.Forbidden; // the disk itself can't go
      const state = this.state(info.context);
      const entry = await this.mustEntry(info.context, path);
      // into the web's trash: a file deleted from a mounted drive can be restored there
      await this.files.trash(state.ctx, entry.id);
      await this.dav.removeLocksUnder(state.accountId, key(path));
      this.forget(info.context);
    });
  }

  protected _move(from: webdav.Path, to: webdav.Path, info: webdav.MoveInfo, callback: Cb<boolean>): void {
    done(callback, async () => {
      if (from.isRoot() || to.isRoot()) throw webdav.Errors.Forbidden;
      const state = this.state(info.context);
      const source = await this.mustEntry(info.context, from);
      const dirId = await this.folderId(info.context, to.getParent());
      const target = await this.entry(info.context, to);
      let overwritten = false;
      if (target && target.id !== source.id) {
        if (!info.overwrite) throw webdav.Errors.ResourceAlreadyExists;
        await this.files.trash(state.ctx, target.id);
        await this.dav.removeLocksUnder(state.accountId, key(to));
        overwritten = true;
      }
      await this.files.move(state.ctx, source.id, dirId, to.fileName());
      await this.dav.removeLocksUnder(state.accountId, key(from));
      this.forget(info.context);
      return overwritten;
    });
  }

  protected _copy(from: webdav.Path, to: webdav.Path, info: webdav.CopyInfo, callback: Cb<boolean>): void {
    done(callback, async () => {
      const state = this.state(info.context);
      const source = await this.mustEntry(info.context, from);
      const dirId = await this.folderId(info.context, to.getParent());
      const target = await this.entry(info.context, to);
      let overwritten = false;
      if (target) {
        if (!info.overwrite) throw webdav.Errors.ResourceAlreadyExists;
        await this.files.trash(state.ctx, target.id);
        overwritten = true;
      }
      const copied = await this.files.copy(state.ctx, source.id, dirId, to.fileName(), info.depth < 0 ? Infinity : info.depth, (fromId, toId) =>
        this.dav.copyProperties(state.accountId, fromId, toId),
      );
      void copied;
      this.forget(info.context);
      return overwritten;
    });
  }

  // ---- locks and dead properties ------------------------------------------------------------------------------------

  protected _lockManager(path: webdav.Path, info: webdav.LockManagerInfo, callback: Cb<webdav.ILockManager>): void {
    try {
      callback(undefined, new PgLockManager(this.dav, this.state(info.context), key(path)));
    } catch (err) {
      callback(davError(err));
    }
  }

  protected _propertyManager(path: webdav.Path, info: webdav.PropertyManagerInfo, callback: Cb<webdav.IPropertyManager>): void {
    if (path.isRoot()) return callback(undefined, new webdav.LocalPropertyManager());
    done(callback, async () => new PgPropertyManager(this.dav, this.state(info.context), (await this.mustEntry(info.context, path)).id));
  }
}

/**
 * A short entity tag: the content's hash (its first 24 hex digits) and the version for files, the revision for folders.
 * Short, because clients quote it in If headers and some cut those off (litmus/neon at about 200 characters).
 */
export function davETag(doc: Doc | null): string {
  if (!doc) return 'root';
  if (!isDirKind(doc.kind) && doc.external_key) return `${String(doc.external_key).slice(0, 24)}-${Number(doc.version) || 0}`;
  const [n, hash = ''] = String(doc._rev).split('-');
  return `${n}-${hash.slice(0, 12)}`;
}

/**
 * The stream webdav-server pipes a PUT's body into, passed on to `upload` (DiskFiles.upload, which reads it from a
 * PassThrough). It finishes only once the upload is stored (the PUT's answer then means the file is), and fails with the
 * upload's error as soon as the upload fails, however much of the body is still to come: an upload refused before it
 * reads a byte (a read-only token, the quota, a service away) or failing part way (past the room left, a storage error)
 * stops reading, and the stream waited for a 'drain' that never came (the request hung), or, with a body small enough
 * to be buffered, destroyed the PassThrough with an error no one listened to, which ended the process (issue 24).
 */
export function uploadSink(upload: (body: Readable) => Promise<unknown>): Writable {
  const pipe = new PassThrough();
  pipe.on('error', () => undefined); // the body's failure is the upload's, reported by its promise below
  let waiting: ((err?: Error | null) => void) | null = null;
  pipe.on('drain', () => {
    const next = waiting;
    waiting = null;
    next?.();
  });
  const stored = new Promise((resolve) => resolve(upload(pipe))).then(
    () => undefined,
    (err: unknown) => {
      throw davError(err);
    },
  );
  const sink = new Writable({
    write(chunk: Buffer, _enc, next) {
      if (pipe.write(chunk)) next();
      else waiting = next;
    },
    final(next) {
      pipe.end();
      stored.then(() => next(), next);
    },
    destroy(err, next) {
      waiting = null;
      pipe.destroy(err ?? undefined); // the request went away: the upload fails (premature close) and keeps nothing
      next(err);
    },
  });
  stored.catch((err: Error) => sink.destroy(err)); // answered now (webdav-server listens for 'error'), not after the body
  return sink;
}

/** Destroys `stream` (what it holds is let go) when `response` closes, sent whole or not; a no-op once it ended. */
export function closeWith(stream: Readable, response: { once(event: 'close', listener: () => void): unknown; destroyed?: boolean }): void {
  if (response.destroyed) stream.destroy();
  else response.once('close', () => stream.destroy());
}

/** rclone's X-OC-Mtime (seconds since 1970). */
function mtimeHeader(req: IncomingMessage | undefined): string | null {
  const raw = req?.headers['x-oc-mtime'];
  const seconds = typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 32503680000) return null;
  return new Date(Math.round(seconds * 1000)).toISOString();
}

// ---- locks: one manager per path, reading the group's locks once per request ---------------------------------------

type LockData = {
  uuid: string;
  userUid: string;
  owner: unknown;
  depth: number;
  expirationDate: number;
  lockKind: { scope: { value: string }; type: { value: string }; timeout: number };
};

function toLock(data: LockData): webdav.Lock {
  const kind = new webdav.LockKind(new webdav.LockScope(data.lockKind.scope.value), new webdav.LockType(data.lockKind.type.value), data.lockKind.timeout);
  const lock = new webdav.Lock(kind, data.userUid, data.owner as webdav.LockOwner, data.depth);
  lock.uuid = data.uuid;
  lock.expirationDate = data.expirationDate;
  return lock;
}

function lockData(lock: webdav.Lock): LockData {
  return {
    uuid: lock.uuid,
    userUid: lock.userUid,
    owner: lock.owner,
    depth: lock.depth,
    expirationDate: lock.expirationDate,
    lockKind: { scope: { value: lock.lockKind.scope.value }, type: { value: lock.lockKind.type.value }, timeout: lock.lockKind.timeout },
  };
}

class PgLockManager implements webdav.ILockManager {
  constructor(
    private readonly dav: DavRepository,
    private readonly state: RequestState,
    private readonly path: string,
  ) {}

  private async all(): Promise<StoredLock[]> {
    this.state.locks ??= await this.dav.locks(this.state.accountId);
    return this.state.locks;
  }

  private async mine(): Promise<webdav.Lock[]> {
    return (await this.all()).filter((l) => l.path === this.path).map((l) => toLock(l.lock as LockData));
  }

  getLocks(callback: webdav.ReturnCallback<webdav.Lock[]>): void {
    done(callback, () => this.mine());
  }

  /**
   * A new lock (webdav-server calls it for LOCK with a body only), held by the caller: refused past a bound (423 on the
   * resource, 507 for the person). DavServer answers those before webdav-server with a reason; this is the check that
   * holds when parallel LOCKs passed that first look together.
   */
  setLock(lock: webdav.Lock, callback: webdav.SimpleCallback): void {
    done(callback, async () => {
      const refusal = await this.dav.addLock(this.state.accountId, this.path, lock.uuid, lockData(lock), lock.expirationDate, this.state.ctx.user_id);
      this.state.locks = undefined;
      if (refusal === 'resource') throw webdav.Errors.Locked;
      if (refusal === 'user') throw webdav.Errors.InsufficientStorage;
    });
  }

  removeLock(uuid: string, callback: webdav.ReturnCallback<boolean>): void {
    done(callback, async () => {
      const removed = await this.dav.removeLock(this.state.accountId, uuid);
      this.state.locks = undefined;
      return removed;
    });
  }

  getLock(uuid: string, callback: webdav.ReturnCallback<webdav.Lock>): void {
    done(callback, async () => {
      const found = (await this.mine()).find((l) => l.uuid === uuid);
      return found as webdav.Lock; // undefined when absent, as LocalLockManager answers
    });
  }

  refresh(uuid: string, timeoutSeconds: number, callback: webdav.ReturnCallback<webdav.Lock>): void {
    done(callback, async () => {
      const lock = (await this.mine()).find((l) => l.uuid === uuid);
      if (!lock) throw webdav.Errors.ResourceNotFound;
      lock.refresh(timeoutSeconds);
      await this.dav.refreshLock(this.state.accountId, lock.uuid, lockData(lock), lock.expirationDate);
      this.state.locks = undefined;
      return lock;
    });
  }
}

// ---- dead properties ------------------------------------------------------------------------------------------------

class PgPropertyManager implements webdav.IPropertyManager {
  constructor(
    private readonly dav: DavRepository,
    private readonly state: RequestState,
    private readonly fileId: string,
  ) {}

  private async bag(): Promise<Map<string, unknown>> {
    let bag = this.state.props.get(this.fileId);
    if (!bag) {
      bag = (await this.dav.properties(this.state.accountId, [this.fileId])).get(this.fileId) ?? new Map();
      this.state.props.set(this.fileId, bag);
    }
    return bag;
  }

  setProperty(name: string, value: webdav.ResourcePropertyValue, attributes: webdav.PropertyAttributes, callback: webdav.SimpleCallback): void {
    done(callback, async () => {
      await this.dav.setProperty(this.state.accountId, this.fileId, name, { value, attributes });
      (await this.bag()).set(name, { value, attributes });
    });
  }

  getProperty(name: string, callback: webdav.Return2Callback<webdav.ResourcePropertyValue, webdav.PropertyAttributes>): void {
    this.bag().then(
      (bag) => {
        const p = bag.get(name) as { value: webdav.ResourcePropertyValue; attributes: webdav.PropertyAttributes } | undefined;
        if (!p) return callback(webdav.Errors.PropertyNotFound);
        callback(undefined, p.value, p.attributes);
      },
      (err: unknown) => callback(davError(err)),
    );
  }

  removeProperty(name: string, callback: webdav.SimpleCallback): void {
    done(callback, async () => {
      await this.dav.removeProperty(this.state.accountId, this.fileId, name);
      (await this.bag()).delete(name);
    });
  }

  getProperties(callback: webdav.ReturnCallback<webdav.PropertyBag>): void {
    done(callback, async () => {
      const out: webdav.PropertyBag = {};
      for (const [name, p] of await this.bag()) out[name] = p as webdav.PropertyBag[string];
      return out;
    });
  }
}
