import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_CONFIG_DEFAULTS,
  ACCOUNT_REASONS,
  AccountChildrenReply,
  AccountConfigKey,
  AccountCreateReply,
  AccountCreateRequest,
  AccountGetRequest,
  AccountUpdateRequest,
  CallerContext,
  Doc,
  errors,
  WriteReply,
} from '@app/proto';
import { newDocId, project, requireWrite, retryOnConflict } from '@app/platform';
import { accountDb, fieldsOf, requireAdmin, signedIn, SignedIn } from '../common/caller';
import { presentTo } from '../common/privacy.rules';
import { ConfigurationRepository } from '../configuration/configuration.repository';
import { FreeGroups } from '../memberships/free-groups';
import { BillingRepository } from '../billing/billing.repository';
import { paidPriceId } from '../billing/billing.rules';
import { creatorSubscription } from '../memberships/membership.rules';
import { MembershipsRepository } from '../memberships/memberships.repository';
import { accountAnswer, canHaveSubGroups, validateName, validateProfile } from './account.rules';
import { AccountsRepository } from './accounts.repository';

/** Groups (spec §3 Account): create, read, edit the profile, list corporate sub-groups. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly configs: ConfigurationRepository,
    private readonly memberships: MembershipsRepository,
    private readonly freeGroups: FreeGroups,
    private readonly billing: BillingRepository,
  ) {}

  /**
   * A new group: the Account (in its own db), the creator's accepted administrator membership and the configuration
   * defaults. A free group counts against the free-group limit; a sub-group needs a corporate parent with no parent
   * that the caller administers, and takes the parent's plan.
   */
  async create(req: AccountCreateRequest): Promise<AccountCreateReply> {
    requireWrite(req.ctx);
    const caller = signedIn(req.ctx);
    const name = validateName(req.name);
    if (req.parent_account_id === undefined) return this.freeGroups.join(caller, () => this.insert(caller, name, null));
    const parent = req.parent_account_id;
    const facts = await this.configs.planFactsOf(parent);
    if (!(await this.accounts.get(parent)) || !canHaveSubGroups(facts)) throw errors.forbidden(ACCOUNT_REASONS.subGroups);
    const membership = await this.memberships.ofUser(parent, caller.user_id);
    if (!membership || membership.status !== 'accepted' || membership.admin !== true) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
    return this.insert(caller, name, { id: parent, plan: facts.plan as string });
  }

  private async insert(caller: SignedIn, name: string, parent: { id: string; plan: string } | null): Promise<AccountCreateReply> {
    const id = newDocId('Account');
    const account = await this.accounts.create(id, { name, billing_email: null }, caller.user_id);
    const sub = await this.memberships.create(id, creatorSubscription(id, name, caller), caller.user_id);
    const settings: Array<[AccountConfigKey, unknown]> = [
      ...(Object.entries(ACCOUNT_CONFIG_DEFAULTS) as Array<[AccountConfigKey, unknown]>),
      ['created-by', caller.user_id],
      ['created-at', account.created_at],
      ['admin', caller.user_id],
    ];
    if (parent) {
      settings.push(['parent-account-id', parent.id]);
      const plan = settings.find(([k]) => k === 'confirmed-plan')!;
      plan[1] = parent.plan;
    }
    for (const [key, value] of settings) await this.configs.create(id, key, value, caller.user_id);
    return { ok: true, id, rev: account._rev, doc: await this.answer(account), subscription_id: sub._id };
  }

  /**
   * GET /accounts/{account_id}: the group with its plan and payment fields (proto AccountDoc); plain members get its
   * billing address masked and no payment ids (presentTo).
   */
  async get(req: AccountGetRequest): Promise<Doc> {
    const db = accountDb(req.ctx);
    const account = await this.accounts.get(db);
    if (!account) throw errors.notFound();
    return project(await this.shown(req.ctx, account), req.fields);
  }

  /** A stored Account as the caller may see it (proto AccountDoc; the document protocol answers it so too). */
  async shown(ctx: CallerContext, account: Doc): Promise<Doc> {
    return presentTo(ctx, await this.answer(account));
  }

  /** The group profile: name (required) and billing e-mail (text); administrators only (spec §5, §6). */
  async updateProfile(req: AccountUpdateRequest): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    requireWrite(req.ctx);
    requireAdmin(req.ctx);
    const account = await this.accounts.get(db);
    if (!account) throw errors.notFound();
    const rev = req.rev ?? (typeof req.body._rev === 'string' ? req.body._rev : undefined);
    if (rev !== account._rev) throw errors.conflict();
    const profile = validateProfile(req.body, { name: account.name as string, billing_email: (account.billing_email as string | null) ?? null });
    const updated = await this.accounts.update(account, { ...fieldsOf(account), ...profile }, req.ctx.user_id);
    if (profile.name !== account.name) await this.renameMemberships(db, profile.name, req.ctx);
    return { ok: true, id: updated._id, rev: updated._rev, doc: await this.answer(updated) };
  }

  /** The sub-groups of a corporate group. */
  async children(ctx: CallerContext): Promise<AccountChildrenReply> {
    const db = accountDb(ctx);
    const ids = await this.configs.children(db);
    const names = await this.accounts.names(ids);
    return { docs: ids.filter((id) => names.has(id)).map((id) => ({ _id: id, name: names.get(id)! })) };
  }

  /** Memberships carry the group's name (spec §3 account_name): keep it current. */
  private async renameMemberships(accountId: string, name: string, ctx: CallerContext): Promise<void> {
    for (const sub of await this.memberships.ofAccount(accountId)) {
      await retryOnConflict(async () => {
        const current = await this.memberships.byId(accountId, sub._id);
        if (!current || current.account_name === name) return;
        await this.memberships.update(current, { ...fieldsOf(current), account_name: name }, ctx.user_id);
      });
    }
  }

  /** The Account as answered (accountAnswer): with its plan, mode and payment ids, all of them (see presentTo). */
  private async answer(account: Doc): Promise<Doc> {
    const settings = await this.configs.values(account._id, ['confirmed-plan', 'livemode', 'platform_customer_id']);
    const priceId = paidPriceId(settings['confirmed-plan'], settings.livemode, settings.platform_customer_id);
    const price = priceId ? await this.billing.price(priceId) : null;
    const platformPriceId = typeof price?.platform_price_id === 'string' ? price.platform_price_id : null;
    return accountAnswer(account, { plan: settings['confirmed-plan'], livemode: settings.livemode, customerId: settings.platform_customer_id, platformPriceId });
  }
}
