import { Inject, Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { Doc, errors, FindQuery, FindReply, isKlass, Klass, klassOfId, ServiceName, ViewReply, WriteReply } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { SessionStore } from '../auth/session.store';
import { TokenVerifier } from '../auth/token.verifier';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { objectBody } from '../http/body-parser';
import { parseFields, parseViewParams, revOf } from '../http/query';
import { docSubjectOf, isInvitationAccept, serviceOfDesign, serviceOfId, serviceOfNewDoc, serviceOfSelector } from './doc-router';
import { TenancyService } from './tenancy.service';

// The document API of spec §7 on `/{db}/…`: checks who may address the database and that the module of the klass or
// design is switched on for the group (TenancyService.assertModule), routes the call to the service that owns the klass
// (doc-router.ts) and answers like CouchDB.

@Injectable()
export class DocumentsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tenancy: TenancyService,
    private readonly tokens: TokenVerifier,
    private readonly sessions: SessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async find(caller: ResolvedCaller, db: string, body: unknown): Promise<FindReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const query = parseFindQuery(body);
    const service = serviceOfSelector(query.selector);
    this.tenancy.assertKlass(ctx, klassOfSelector(query.selector));
    return this.rpc.call(docSubjectOf(service, 'find'), { ctx, query });
  }

  /** find() with the service's reply as the JSON bytes it sent, for the fast lane to write out unchanged */
  async findRaw(caller: ResolvedCaller, db: string, body: unknown): Promise<Buffer> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const query = parseFindQuery(body);
    const service = serviceOfSelector(query.selector);
    this.tenancy.assertKlass(ctx, klassOfSelector(query.selector));
    return this.rpc.callRaw(docSubjectOf(service, 'find'), { ctx, query });
  }

  async get(caller: ResolvedCaller, db: string, id: string, fields: unknown): Promise<Doc> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const service = serviceOfId(id);
    this.tenancy.assertKlass(ctx, klassOfId(id));
    return this.rpc.call(docSubjectOf(service, 'get'), { ctx, id, fields: parseFields(fields) });
  }

  async create(caller: ResolvedCaller, db: string, body: unknown): Promise<WriteReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const doc = objectBody(body);
    const service = serviceOfNewDoc(doc);
    this.tenancy.assertKlass(ctx, isKlass(doc.klass) ? doc.klass : typeof doc._id === 'string' ? klassOfId(doc._id) : null);
    const reply = await this.rpc.call(docSubjectOf(service, 'post'), { ctx, doc });
    await this.afterWrite(caller, db, service, reply.id);
    return reply;
  }

  async put(caller: ResolvedCaller, db: string, id: string, queryRev: unknown, body: unknown): Promise<WriteReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const doc = objectBody(body);
    const service = serviceOfId(id);
    this.tenancy.assertKlass(ctx, klassOfId(id));
    const reply = await this.rpc.call(docSubjectOf(service, 'put'), { ctx, id, rev: revOf(queryRev, doc), doc });
    await this.afterWrite(caller, db, service, id);
    return reply;
  }

  async remove(caller: ResolvedCaller, db: string, id: string, queryRev: unknown): Promise<WriteReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const service = serviceOfId(id);
    this.tenancy.assertKlass(ctx, klassOfId(id));
    const reply = await this.rpc.call(docSubjectOf(service, 'delete'), { ctx, id, rev: revOf(queryRev) });
    await this.afterWrite(caller, db, service, id);
    return reply;
  }

  async view(caller: ResolvedCaller, db: string, design: string, view: string, query: Record<string, unknown>): Promise<ViewReply> {
    const ctx = await this.tenancy.resolve(caller.ctx, db);
    const service = serviceOfDesign(design, view);
    this.tenancy.assertDesign(ctx, design, view);
    return this.rpc.call(docSubjectOf(service, 'view'), { ctx, design, view, params: parseViewParams(query, this.config.maxBodyDepth) });
  }

  async update(caller: ResolvedCaller, db: string, design: string, handler: string, id: string, body: unknown): Promise<WriteReply> {
    const ctx = isInvitationAccept(design, handler) ? await this.tenancy.resolveInvitee(caller.ctx, db) : await this.tenancy.resolve(caller.ctx, db);
    const service = serviceOfDesign(design, handler);
    this.tenancy.assertDesign(ctx, design, handler);
    const reply = await this.rpc.call(docSubjectOf(service, 'update'), { ctx, design, handler, id, body });
    await this.afterWrite(caller, db, service, id);
    return reply;
  }

  /**
   * A changed or deleted UserToken stops being trusted from the cache at once; a session whose user documents
   * (configuration: locale) or memberships (invitation accepted, bookmark, removal) changed reloads its profile on its
   * next request.
   */
  private async afterWrite(caller: ResolvedCaller, db: string, service: ServiceName, id: string): Promise<void> {
    const klass = klassOfId(id);
    if (klass === 'UserToken') await this.tokens.forget(id);
    // who may enter the group, and as what, may have changed (membership, its admin flag, the parent group setting)
    if (klass === 'Subscription' || klass === 'Account' || klass === 'AccountConfiguration') this.tenancy.forgetGroup(db);
    const changesProfile = service === 'identity' || klass === 'Subscription' || klass === 'Account';
    if (changesProfile && caller.via === 'session') await this.sessions.markStale(caller.sessionId!, caller.session!);
  }
}

/** The body of `_find`, checked against proto's FindQuery (wrong types answer 400 with the field and the problem). */
export function parseFindQuery(body: unknown): FindQuery {
  const parsed = FindQuery.safeParse(objectBody(body));
  if (!parsed.success) {
    throw errors.badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

/** The klass a find names (`selector.klass`, as a name or `{$eq: name}`, else a string `selector._id`'s), or null. */
function klassOfSelector(selector: Record<string, unknown>): Klass | null {
  let klass = selector.klass;
  if (klass && typeof klass === 'object' && !Array.isArray(klass) && '$eq' in klass) klass = (klass as { $eq: unknown }).$eq;
  if (isKlass(klass)) return klass;
  return typeof selector._id === 'string' ? (klassOfId(selector._id) ?? null) : null;
}
