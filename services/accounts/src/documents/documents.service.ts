import { Injectable } from '@nestjs/common';
import { ACCOUNT_REASONS, Calls, Doc, errors, FindReply, klassOfId, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore, project } from '@app/platform';
import { BillingService } from '../billing/billing.service';
import { accountDb, isUserDb, signedIn } from '../common/caller';
import { ChangesService } from '../changes/changes.service';
import { AccountConfigurationPolicy } from '../configuration/account-configuration.policy';
import { AccountPolicy } from '../groups/account.policy';
import { GroupsService } from '../groups/groups.service';
import { isOwn, presentTo } from '../memberships/membership.rules';
import { MembershipsRepository } from '../memberships/memberships.repository';
import { MembershipsService } from '../memberships/memberships.service';
import { SubscriptionPolicy } from '../memberships/subscription.policy';

type Req<K extends keyof Calls> = Calls[K]['req'];

/**
 * accounts.doc.*: the document protocol for Account, AccountConfiguration and Subscription.
 * - `/{account_id}/…` (ctx.db an acc- id the gateway resolved): the protocol with the klass policies; invitations
 *   (POST of a Subscription) and profile edits (PUT of the Account) go to their services.
 * - `/{user_id}/…` (ctx.db the caller's own id): the user's memberships across accounts — find, get, PUT of the
 *   notification flags, the bookmark update handler.
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
      {
        'bookmark/true': (ctx, id) => this.memberships.bookmark(ctx, id, true),
        'bookmark/false': (ctx, id) => this.memberships.bookmark(ctx, id, false),
        'status/accept': (ctx, id) => this.memberships.accept(ctx, id),
        'subscription/free': (ctx, id) => this.billing.switchPlan(ctx, id, 'free'),
        'subscription/cancel': (ctx, id) => this.billing.switchPlan(ctx, id, 'cancel'),
      },
    );
  }

  async get(req: Req<'accounts.doc.get'>): Promise<Doc> {
    if (isUserDb(req.ctx)) return project(await this.memberships.own(req.ctx, req.id), req.fields);
    accountDb(req.ctx);
    const doc = await this.protocol.get({ ...req, fields: undefined });
    return project(doc.klass === 'Subscription' ? presentTo(req.ctx, doc) : doc, req.fields);
  }

  async find(req: Req<'accounts.doc.find'>): Promise<FindReply> {
    // plan prices are shared by every group (spec §7 lists them among a group's finds too)
    if (req.query.selector.klass === 'PlanPrice') return this.billing.findPrices(req);
    if (isUserDb(req.ctx)) {
      const klass = req.query.selector.klass;
      if (klass !== undefined && klass !== 'Subscription') throw errors.badRequest('a user database holds only Subscription documents here');
      const caller = signedIn(req.ctx);
      return { docs: await this.membershipsRepo.forUser(caller.user_id, caller.user.email, req.query) };
    }
    accountDb(req.ctx);
    const { docs } = await this.protocol.find({ ...req, query: { ...req.query, fields: undefined } });
    // members who are not administrators do not see others' e-mails, nor learn them by selecting on them
    const byEmail = !req.ctx.admin && JSON.stringify(req.query.selector).includes('email"');
    const shown = byEmail ? docs.filter((d) => d.klass !== 'Subscription' || isOwn(d, req.ctx.user_id)) : docs;
    return { docs: shown.map((d) => project(d.klass === 'Subscription' ? presentTo(req.ctx, d) : d, req.query.fields)) };
  }

  post(req: Req<'accounts.doc.post'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) throw errors.badRequest('documents of groups are created in the group: POST /{account_id}');
    accountDb(req.ctx);
    const klass = req.doc.klass ?? (typeof req.doc._id === 'string' ? klassOfId(req.doc._id) : undefined);
    if (klass === 'Subscription') return this.memberships.invite(req.ctx, req.doc);
    if (klass === 'Account') throw errors.badRequest(ACCOUNT_REASONS.accountCreate);
    return this.protocol.post(req);
  }

  async put(req: Req<'accounts.doc.put'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) {
      // one's own membership, addressed from the profile: the flags a member may change on it
      const sub = await this.memberships.own(req.ctx, req.id);
      if (!isOwn(sub, req.ctx.user_id)) throw errors.notFound();
      return this.protocol.put({ ...req, ctx: { ...req.ctx, db: sub.account_id as string, admin: false } });
    }
    const db = accountDb(req.ctx);
    if (klassOfId(req.id) === 'Account') {
      if (req.id !== db) throw errors.notFound();
      return this.groups.updateProfile({ ctx: req.ctx, rev: req.rev, body: req.doc });
    }
    return this.protocol.put(req);
  }

  delete(req: Req<'accounts.doc.delete'>): Promise<WriteReply> {
    if (isUserDb(req.ctx)) throw errors.forbidden(ACCOUNT_REASONS.deleteOwn);
    accountDb(req.ctx);
    return this.protocol.delete(req);
  }

  view(req: Req<'accounts.doc.view'>): Promise<ViewReply> {
    return this.protocol.view(req);
  }

  update(req: Req<'accounts.doc.update'>): Promise<WriteReply> {
    if (isUserDb(req.ctx) && !req.design.startsWith('bookmark')) throw errors.notFound(`update handler ${req.design}/${req.handler} is missing`);
    return this.protocol.update(req);
  }
}

