import { Injectable } from '@nestjs/common';
import { ACCOUNT_REASONS, CallerContext, Calls, Doc, errors, FindQuery, FindReply, klassOfId, MAX_FIND_LIMIT, ViewReply, WriteReply } from '@app/proto';
import { DEFAULT_FIND_LIMIT, DocumentProtocol, DocumentStore, project } from '@app/platform';
import { BillingService } from '../billing/billing.service';
import { accountDb, isUserDb, signedIn } from '../common/caller';
import { hiddenPathsNamed, presentTo, showsSameAt } from '../common/privacy.rules';
import { ChangesService } from '../changes/changes.service';
import { AccountConfigurationPolicy } from '../configuration/account-configuration.policy';
import { AccountPolicy } from '../groups/account.policy';
import { GroupsService } from '../groups/groups.service';
import { isOwn } from '../memberships/membership.rules';
import { MembershipsRepository } from '../memberships/memberships.repository';
import { MembershipsService } from '../memberships/memberships.service';
import { SubscriptionPolicy } from '../memberships/subscription.policy';
import { AccountUpdateCall, accountUpdateOf, servedOnUserDb } from './account-updates.rules';

type Req<K extends keyof Calls> = Calls[K]['req'];

/**
 * accounts.doc.*: the document protocol for Account, AccountConfiguration and Subscription.
 * - `/{account_id}/…` (ctx.db an acc- id the gateway resolved): the protocol with the klass policies; invitations
 *   (POST of a Subscription) and profile edits (PUT of the Account) go to their services.
 * - `/{user_id}/…` (ctx.db the caller's own id): the user's memberships across accounts — find, get, PUT of the
 *   notification flags, the bookmark update handler.
 * - update handlers (proto ACCOUNT_UPDATES): bookmark, accept and the plan switch, each run by its service (update).
 * Every document answered, written ones included, goes through presentTo: only administrators see others' addresses
 * and the payment ids. The Account is answered as GET /accounts/{account_id} answers it (proto AccountDoc).
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    store: DocumentStore,
    accountPolicy: AccountPolicy,
    configurationPolicy: AccountConfigurationPolicy,
    subscriptionPolicy: SubscriptionPolicy,
    private readonly groups: GroupsService,
    private readonly memberships: MembershipsService,
    private readonly membershipsRepo: MembershipsRepository,
    private readonly changes: ChangesService,
    private readonly billing: BillingService,
  ) {
    this.protocol = new DocumentProtocol(
      store,
      'accounts',
      { Account: accountPolicy, AccountConfiguration: configurationPolicy, Subscription: subscriptionPolicy },
      { 'count-by-klass/all': (ctx, params) => this.changes.countByKlass(ctx, params) },
    );
  }

  async get(req: Req<'accounts.doc.get'>): Promise<Doc> {
    if (isUserDb(req.ctx)) return project(presentTo(req.ctx, await this.memberships.own(req.ctx, req.id)), req.fields);
    accountDb(req.ctx);
    const doc = await this.protocol.get({ ...req, fields: undefined });
    return project(await this.shown(req.ctx, doc), req.fields);
  }

  async find(req: Req<'accounts.doc.find'>): Promise<FindReply> {
    // plan prices are shared by every group (spec §7 lists them among a group's finds too)
    if (req.query.selector.klass === 'PlanPrice') return this.billing.findPrices(req);
    if (isUserDb(req.ctx)) {
      const klass = req.query.selector.klass;
      if (klass !== undefined && klass !== 'Subscription') throw errors.badRequest('a user database holds only Subscription documents here');
      const caller = signedIn(req.ctx);
      // invitations by address only to an address the user has proved is theirs
      const email = caller.user.confirmed ? caller.user.email : null;
      return this.findShown(req.ctx, req.query, (query) => this.membershipsRepo.forUser(caller.user_id, email, query));
    }
    accountDb(req.ctx);
    return this.findShown(req.ctx, req.query, async (query) => (await this.protocol.find({ ...req, query })).docs);
  }

  /**
   * A find answered with what the caller may see (presentTo). When its selector or sort names a field presentTo may
   * hide, it keeps only the documents the caller sees unchanged there, with skip and limit applied afterwards, so the
   * answer tells nothing of hidden values (a plain member cannot probe for an address, nor sort by one).
   */
  private async findShown(ctx: CallerContext, query: FindQuery, run: (query: FindQuery) => Promise<Doc[]>): Promise<FindReply> {
    const hidden = ctx.admin ? [] : hiddenPathsNamed(query);
    if (!hidden.length) {
      const docs: Doc[] = [];
      for (const doc of await run({ ...query, fields: undefined })) docs.push(project(await this.shown(ctx, doc), query.fields));
      return { docs };
    }
    const skip = query.skip ?? 0;
    const limit = query.limit ?? DEFAULT_FIND_LIMIT;
    const stored = await run({ ...query, fields: undefined, skip: 0, limit: MAX_FIND_LIMIT });
    const kept: Doc[] = [];
    for (const doc of stored) {
      const shown = await this.shown(ctx, doc);
      if (showsSameAt(doc, shown, hidden)) kept.push(shown);
    }
    return { docs: kept.slice(skip, skip + limit).map((d) => project(d, query.fields)) };
  }

  /** A document as the caller may see it: the Account as GET /accounts answers it (GroupsService), others by presentTo. */
  private shown(ctx: CallerContext, doc: Doc): Promise<Doc> | Doc {
    return doc.klass === 'Account' ? this.groups.shown(ctx, doc) : presentTo(ctx, doc);
  }

  async post(req: Req<'accounts.doc.post'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) throw errors.badRequest('documents of groups are created in the group: POST /{account_id}');
    accountDb(req.ctx);
    const klass = req.doc.klass ?? (typeof req.doc._id === 'string' ? klassOfId(req.doc._id) : undefined);
    if (klass === 'Subscription') return shownReply(req.ctx, await this.memberships.invite(req.ctx, req.doc));
    if (klass === 'Account') throw errors.badRequest(ACCOUNT_REASONS.accountCreate);
    return shownReply(req.ctx, await this.protocol.post(req));
  }

  async put(req: Req<'accounts.doc.put'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) {
      // one's own membership, addressed from the profile: the flags a member may change on it
      const sub = await this.memberships.own(req.ctx, req.id);
      if (!isOwn(sub, req.ctx.user_id)) throw errors.notFound();
      const ctx = { ...req.ctx, db: sub.account_id as string, admin: false };
      return shownReply(ctx, await this.protocol.put({ ...req, ctx }));
    }
    const db = accountDb(req.ctx);
    if (klassOfId(req.id) === 'Account') {
      if (req.id !== db) throw errors.notFound();
      return shownReply(req.ctx, await this.groups.updateProfile({ ctx: req.ctx, rev: req.rev, body: req.doc }));
    }
    return shownReply(req.ctx, await this.protocol.put(req));
  }

  delete(req: Req<'accounts.doc.delete'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) throw errors.forbidden(ACCOUNT_REASONS.deleteOwn);
    accountDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'accounts.doc.view'>): Promise<ViewReply> {
    return this.protocol.view(req);
  }

  /** `PUT /{db}/_design/<design>/_update/<handler>/<id>`: the handler accountUpdateOf names; on a user db only bookmark. */
  async update(req: Req<'accounts.doc.update'>): Promise<WriteReply> {
    const call = accountUpdateOf(req.design, req.handler);
    if (!call || (isUserDb(req.ctx) && !servedOnUserDb(call))) throw errors.notFound(`update handler ${req.design}/${req.handler} is missing`);
    return shownReply(req.ctx, await this.runUpdate(req.ctx, req.id, call));
  }

  private runUpdate(ctx: CallerContext, id: string, call: AccountUpdateCall): Promise<WriteReply> {
    switch (call.update) {
      case 'bookmark':
        return this.memberships.bookmark(ctx, id, call.bookmark);
      case 'accept':
        return this.memberships.accept(ctx, id);
      case 'planSwitch':
        return this.billing.switchPlan(ctx, id, call.plan);
    }
  }
}

/** A write's answer carries the written document as the caller may see it. */
function shownReply(ctx: CallerContext, reply: WriteReply): WriteReply {
  return reply.doc ? { ...reply, doc: presentTo(ctx, reply.doc as Doc) } : reply;
}

