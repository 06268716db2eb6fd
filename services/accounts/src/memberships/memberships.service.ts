import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_REASONS,
  AppError,
  CallerContext,
  Doc,
  errors,
  FIELD_MESSAGES,
  MembershipResolveReply,
  MODULE_SWITCHES,
  moduleSwitchesOf,
  MembershipResolveRequest,
  RolesGetReply,
  RolesGetRequest,
  SecurityReply,
  WriteReply,
} from '@app/proto';
import { requireWrite, retryOnConflict } from '@app/platform';
import { accountDb, fieldsOf, isAppError, isUserDb, normalizeEmail, requireAdmin, signedIn } from '../common/caller';
import { publicLabel } from '../common/privacy.rules';
import { ConfigurationRepository } from '../configuration/configuration.repository';
import { isFreeGroup, parentOf } from '../groups/account.rules';
import { AccountsRepository } from '../groups/accounts.repository';
import { InvitationMailer } from '../mail/invitation-mailer';
import { FreeGroups } from './free-groups';
import { acceptInvitation, invitationSubscription, isInvitee, isOwn, validateInvitation } from './membership.rules';
import { MembershipsRepository } from './memberships.repository';

const logger = new Logger('memberships');

/** spec §8: "Could not find this Member subscription (subscription_not_found)" — the accept and bookmark handlers' id names no membership. */
const subscriptionNotFound = () => new AppError('subscription_not_found', ACCOUNT_REASONS.subscriptionNotFound);

function written(doc: Doc): WriteReply {
  return { ok: true, id: doc._id, rev: doc._rev, doc };
}

/** Memberships: the gateway's tenancy check, session roles, security, invitations, accept and bookmark. */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly accounts: AccountsRepository,
    private readonly configs: ConfigurationRepository,
    private readonly freeGroups: FreeGroups,
    private readonly mailer: InvitationMailer,
  ) {}

  /**
   * Whether the user may reach the account: an accepted membership, or (a corporate sub-group) an accepted membership
   * of its parent, whose admin setting is copied. A pending invitation gives no access (403).
   */
  async resolve(req: MembershipResolveRequest): Promise<MembershipResolveReply> {
    if (req.account_id.startsWith('acc-')) {
      // the group's module switches come with the answer (the gateway refuses a switched-off module's API): read at once
      const switches = this.configs.values(req.account_id, MODULE_SWITCHES);
      switches.catch(() => undefined); // awaited below when the answer is a membership; a refusal does not wait for it
      const own = await this.memberships.ofUser(req.account_id, req.user_id);
      if (own && own.status === 'accepted') {
        return {
          subscription_id: own._id,
          admin: own.admin === true,
          status: 'accepted',
          report_view: own.report_view === true || own.admin === true,
          account_name: String(own.account_name ?? ''),
          parent_account_id: null,
          modules: moduleSwitchesOf(await switches),
        };
      }
      const parent = parentOf(await this.configs.planFactsOf(req.account_id));
      if (parent) {
        const viaParent = await this.memberships.ofUser(parent, req.user_id);
        const account = viaParent && viaParent.status === 'accepted' ? await this.accounts.get(req.account_id) : null;
        if (viaParent && account) {
          const admin = viaParent.admin === true;
          return { subscription_id: viaParent._id, admin, status: 'accepted', report_view: admin, account_name: String(account.name), parent_account_id: parent, modules: moduleSwitchesOf(await switches) };
        }
      }
    }
    throw errors.forbidden(ACCOUNT_REASONS.needSubscription);
  }

  /**
   * The session's acc- roles: accepted memberships and pending invitations (by user id, or by invited address when
   * the gateway says the user confirmed it).
   */
  async roles(req: RolesGetRequest): Promise<RolesGetReply> {
    const email = req.email && req.confirmed === true ? normalizeEmail(req.email) : null;
    const subs = await this.memberships.sessionMemberships(req.user_id, email);
    const roles: string[] = [];
    for (const s of subs) if (!roles.includes(s.account_id as string)) roles.push(s.account_id as string);
    return {
      roles,
      memberships: subs.map((s) => ({
        account_id: s.account_id as string,
        subscription_id: s._id,
        account_name: String(s.account_name ?? ''),
        bookmark: s.bookmark === true,
        status: s.status === 'accepted' ? 'accepted' : 'pending',
      })),
    };
  }

  /** GET /{account_id}/_security: user ids of the administrators and of the other members (also the parent's). */
  async security(ctx: CallerContext): Promise<SecurityReply> {
    const db = accountDb(ctx);
    const admins: string[] = [];
    const members: string[] = [];
    const parent = parentOf(await this.configs.planFactsOf(db));
    for (const account of parent ? [db, parent] : [db]) {
      for (const s of await this.memberships.ofAccount(account)) {
        if (s.status !== 'accepted' || typeof s.user_id !== 'string') continue;
        (s.admin === true ? admins : members).push(s.user_id);
      }
    }
    const uniq = (xs: string[]) => [...new Set(xs)];
    const adminSet = new Set(admins);
    return { admins: { roles: uniq(admins) }, members: { roles: uniq(members).filter((id) => !adminSet.has(id)) } };
  }

  /**
   * POST /{account_id} `{klass: 'Subscription', email, admin?, report_view?}`: an administrator with a confirmed
   * e-mail invites an address; the membership is pending (no user_id) and the invitation mail is queued.
   */
  async invite(ctx: CallerContext, body: Record<string, unknown>): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    requireAdmin(ctx);
    const caller = signedIn(ctx);
    if (!caller.user.confirmed) throw errors.forbidden(ACCOUNT_REASONS.confirmToUse);
    const inv = validateInvitation(body);
    const account = await this.accounts.get(db);
    if (!account) throw errors.notFound();
    if (await this.memberships.byEmail(db, inv.email)) throw new AppError('unprocessable_entity', { email: FIELD_MESSAGES.taken });
    if (inv.admin && isFreeGroup(await this.configs.planFactsOf(db)) && (await this.memberships.otherAdminExists(db, null))) {
      throw errors.forbidden(ACCOUNT_REASONS.freeOneAdmin);
    }
    const sub = await this.memberships.create(db, invitationSubscription(db, String(account.name), caller, inv), caller.user_id);
    try {
      const inviter = publicLabel(caller.user.fullname, caller.user.email); // the invitee is not an administrator
      await this.mailer.send({ to: inv.email, inviter, group: String(account.name), locale: ctx.locale });
    } catch (err) {
      // the invitation stands (the invitee also sees it under their invites); only the mail could not be queued
      logger.error(`invitation mail to ${inv.email} could not be queued: ${err instanceof Error ? err.message : String(err)}`);
    }
    return written(sub);
  }

  /**
   * PUT /{account_id}/_design/status/_update/accept/{id}: the invitee (by user id or invited address) with a confirmed
   * e-mail accepts; accepting twice is 409, someone else's invitation 403. Joining a free group counts against the
   * free-group limit.
   */
  async accept(ctx: CallerContext, id: string): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const caller = signedIn(ctx);
    const sub = await this.memberships.byId(db, id);
    if (!sub) throw subscriptionNotFound();
    const fields = acceptInvitation(sub, caller);
    const other = await this.memberships.ofUser(db, caller.user_id);
    if (other && other._id !== sub._id) throw errors.conflict(ACCOUNT_REASONS.alreadyMember);
    const write = async () => {
      try {
        return await this.memberships.update(sub, fields, caller.user_id);
      } catch (err) {
        if (isAppError(err, 'unprocessable_entity')) throw errors.conflict(ACCOUNT_REASONS.alreadyMember); // user_id taken
        throw err;
      }
    };
    const free = isFreeGroup(await this.configs.planFactsOf(db));
    const accepted = free ? await this.freeGroups.join(caller, write) : await write();
    logger.debug(`${caller.user_id} accepted ${sub._id} of ${db}`);
    return written(accepted);
  }

  /**
   * PUT /{user_id}/_design/bookmark/_update/{true|false}/{id} (or on the account's db): bookmarks one's own
   * membership. Bookmarked memberships sort first.
   */
  async bookmark(ctx: CallerContext, id: string, value: boolean): Promise<WriteReply> {
    requireWrite(ctx);
    if (!ctx.user_id) throw errors.unauthorized();
    const userDb = isUserDb(ctx);
    const db = userDb ? null : accountDb(ctx);
    return retryOnConflict(async () => {
      const sub = db ? await this.memberships.byId(db, id) : await this.memberships.byIdAnywhere(id);
      if (!sub) throw subscriptionNotFound();
      if (!isOwn(sub, ctx.user_id)) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
      if (sub.bookmark === value) return written(sub);
      return written(await this.memberships.update(sub, { ...fieldsOf(sub), bookmark: value }, ctx.user_id));
    });
  }

  /**
   * The caller's own membership (or invitation to their confirmed address) by id, in whichever account it is; 404 for
   * anyone else's.
   */
  async own(ctx: CallerContext, id: string): Promise<Doc> {
    const caller = signedIn(ctx);
    const sub = await this.memberships.byIdAnywhere(id);
    if (!sub || !isInvitee(sub, caller)) throw errors.notFound();
    return sub;
  }
}
