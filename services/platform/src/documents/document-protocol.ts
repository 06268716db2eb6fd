import { z } from 'zod';
import {
  AppError,
  CallerContext,
  Doc,
  DocDeleteRequest,
  DocFindRequest,
  DocGetRequest,
  DocPostRequest,
  DocPutRequest,
  DocUpdateRequest,
  DocViewRequest,
  errors,
  FindReply,
  isKlass,
  Klass,
  KLASSES,
  klassOfId,
  ServiceName,
  ViewReply,
  WriteReply,
} from '@app/proto';
import type { PoolClient } from 'pg';
import type { CreateOptions, DocumentStore, UpdateOptions } from '../store/document-store';
import { parseFields, projectFields } from '../mango/sort-fields';

export type WriteOp = 'create' | 'update' | 'delete';

/** What a service says about one klass it owns: its field schema, who may do what, and how it is shown. */
export interface KlassPolicy {
  /** validates the client's fields (the stamped meta fields are not part of it) */
  schema?: z.ZodType<Record<string, unknown>>;
  /** throws AppError when the caller may not read this document */
  canRead?(ctx: CallerContext, doc: Doc): void;
  /** throws AppError when the caller may not write; may return the fields to store (e.g. server-set ones) */
  beforeWrite?(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** what the API shows of a stored document (strip secrets) */
  present?(doc: Doc): Doc;
  /**
   * runs inside the create's transaction, right before the insert, with its client (DocumentStore CreateHook): for
   * what must commit or roll back with the document, e.g. a gap-free per-account number; returns the fields to store
   */
  inCreate?(ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * runs inside the update's transaction with the stored document locked (DocumentStore UpdateHook): for what must
   * change with it, e.g. wallet balances when a confirmed record's amount changes; returns the fields to store
   */
  inUpdate?(ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export type ViewHandler = (ctx: CallerContext, params: Record<string, unknown>) => Promise<ViewReply>;
export type UpdateHandler = (ctx: CallerContext, id: string, body: unknown) => Promise<WriteReply>;

/**
 * The document protocol of DESIGN "The public API", shared by every service for the klasses it owns:
 * get, find, put, post, delete, views (`_design/<d>/_view/<v>`) and update handlers (`_design/<d>/_update/<h>/<id>`).
 * It enforces what holds for every klass: a database must be addressed, the klass must be this service's,
 * a read-only token cannot write; the klass policy adds the rest.
 */
export class DocumentProtocol {
  private readonly klasses: Klass[];

  constructor(
    private readonly store: DocumentStore,
    private readonly service: ServiceName,
    private readonly policies: Partial<Record<Klass, KlassPolicy>>,
    private readonly views: Record<string, ViewHandler> = {},
    private readonly updates: Record<string, UpdateHandler> = {},
  ) {
    this.klasses = Object.keys(policies) as Klass[];
    for (const k of this.klasses) {
      if (KLASSES[k].service !== service) throw new Error(`${k} is not owned by ${service}`);
    }
  }

  async get(req: DocGetRequest): Promise<Doc> {
    const db = requireDb(req.ctx);
    const policy = this.policyOfId(req.id);
    const doc = await this.store.get(db, req.id);
    if (!doc) throw errors.notFound('missing');
    policy.canRead?.(req.ctx, doc);
    return project(this.present(policy, doc), req.fields);
  }

  async find(req: DocFindRequest): Promise<FindReply> {
    const db = requireDb(req.ctx);
    const wanted = req.query.selector.klass;
    if (typeof wanted === 'string' && !this.owns(wanted)) throw errors.badRequest(`klass ${wanted} is not served here`);
    // whole documents: the policy reads klass and owner fields before the query's `fields` are applied below
    const docs = await this.store.find(db, req.query, { klasses: this.klasses, project: false });
    const fields = parseFields(req.query.fields); // once per find, not per document
    const shown: Doc[] = [];
    for (const doc of docs) {
      const policy = this.policies[doc.klass as Klass]!;
      try {
        policy.canRead?.(req.ctx, doc);
      } catch {
        continue; // a find answers with what the caller may see, like a filtered view
      }
      shown.push(projectFields(this.present(policy, doc), fields));
    }
    return { docs: shown };
  }

  async post(req: DocPostRequest): Promise<WriteReply> {
    const db = requireDb(req.ctx);
    requireWrite(req.ctx);
    const klass = req.doc.klass ?? (typeof req.doc._id === 'string' ? klassOfId(req.doc._id) : undefined);
    if (!isKlass(klass) || !this.owns(klass)) throw errors.badRequest('klass is missing or not served here');
    const policy = this.policies[klass]!;
    const fields = await this.prepare(req.ctx, policy, 'create', { ...req.doc, klass }, null);
    const doc = await this.store.create(db, { ...fields, klass }, req.ctx.user_id, createOptions(req.ctx, policy));
    return written(this.present(policy, doc));
  }

  async put(req: DocPutRequest): Promise<WriteReply> {
    const db = requireDb(req.ctx);
    requireWrite(req.ctx);
    const policy = this.policyOfId(req.id);
    const prev = await this.store.get(db, req.id);
    const rev = req.rev ?? (typeof req.doc._rev === 'string' ? req.doc._rev : undefined);
    if (prev) {
      policy.canRead?.(req.ctx, prev);
      if (rev !== prev._rev) throw errors.conflict();
    }
    const klass = klassOfId(req.id)!;
    const fields = await this.prepare(req.ctx, policy, prev ? 'update' : 'create', { ...req.doc, klass }, prev);
    const doc = prev
      ? await this.store.update(db, req.id, rev, { ...fields, klass }, req.ctx.user_id, updateOptions(req.ctx, policy))
      : await this.store.create(db, { ...fields, _id: req.id, klass }, req.ctx.user_id, createOptions(req.ctx, policy));
    return written(this.present(policy, doc));
  }

  async delete(req: DocDeleteRequest): Promise<WriteReply> {
    const db = requireDb(req.ctx);
    requireWrite(req.ctx);
    const policy = this.policyOfId(req.id);
    const prev = await this.store.get(db, req.id);
    if (!prev) throw errors.notFound('missing');
    policy.canRead?.(req.ctx, prev);
    await policy.beforeWrite?.(req.ctx, 'delete', {}, prev);
    const doc = await this.store.remove(db, req.id, req.rev, req.ctx.user_id);
    return { ok: true, id: doc._id, rev: doc._rev };
  }

  async view(req: DocViewRequest): Promise<ViewReply> {
    requireDb(req.ctx);
    const handler = this.views[`${req.design}/${req.view}`];
    if (!handler) throw errors.notFound(`view ${req.design}/${req.view} is missing`);
    return handler(req.ctx, req.params);
  }

  async update(req: DocUpdateRequest): Promise<WriteReply> {
    requireDb(req.ctx);
    requireWrite(req.ctx);
    const handler = this.updates[`${req.design}/${req.handler}`];
    if (!handler) throw errors.notFound(`update handler ${req.design}/${req.handler} is missing`);
    return handler(req.ctx, req.id, req.body);
  }

  private owns(klass: string): boolean {
    return (this.klasses as string[]).includes(klass);
  }

  private policyOfId(id: string): KlassPolicy {
    const klass = klassOfId(id);
    if (!klass || !this.owns(klass)) throw errors.notFound('missing');
    return this.policies[klass]!;
  }

  private present(policy: KlassPolicy, doc: Doc): Doc {
    return policy.present ? policy.present(doc) : doc;
  }

  private async prepare(ctx: CallerContext, policy: KlassPolicy, op: WriteOp, body: Record<string, unknown>, prev: Doc | null) {
    let fields = stripMeta(body);
    if (policy.schema) {
      const parsed = policy.schema.safeParse(fields);
      if (!parsed.success) {
        const reason: Record<string, string> = {};
        for (const issue of parsed.error.issues) reason[issue.path.join('.') || 'body'] = issue.message;
        throw new AppError('unprocessable_entity', reason);
      }
      fields = { ...parsed.data, klass: body.klass };
    }
    return policy.beforeWrite ? policy.beforeWrite(ctx, op, fields, prev) : fields;
  }
}

function updateOptions(ctx: CallerContext, policy: KlassPolicy): UpdateOptions {
  const hook = policy.inUpdate;
  return hook ? { inTransaction: (tx, db, stored, fields) => hook.call(policy, ctx, tx, db, stored, fields) } : {};
}

function createOptions(ctx: CallerContext, policy: KlassPolicy): CreateOptions {
  const hook = policy.inCreate;
  return hook ? { inTransaction: (tx, db, fields) => hook.call(policy, ctx, tx, db, fields) } : {};
}

const META = new Set(['_rev', 'created_at', 'updated_at', 'created_by', '_deleted']);

function stripMeta(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!META.has(k)) out[k] = v;
  return out;
}

function requireDb(ctx: CallerContext): string {
  if (!ctx.db) throw errors.forbidden();
  return ctx.db;
}

/** A bearer token without the write permission may only read. */
export function requireWrite(ctx: CallerContext): void {
  if (ctx.token && !ctx.token.permissions.includes('write')) throw errors.forbidden('This token can only read');
}

function written(doc: Doc): WriteReply {
  return { ok: true, id: doc._id, rev: doc._rev, doc };
}

/** `fields` projection of a find or get, with the same path rules as the store's. */
export function project(doc: Doc, fields?: string[]): Doc {
  return projectFields(doc, parseFields(fields));
}
