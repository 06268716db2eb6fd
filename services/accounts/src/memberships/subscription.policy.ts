import { Injectable } from '@nestjs/common';
import { ACCOUNT_REASONS, CallerContext, Doc, errors } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { ConfigurationRepository } from '../configuration/configuration.repository';
import { isFreeGroup } from '../groups/account.rules';
import { AccountsRepository } from '../groups/accounts.repository';
import { changeMembership, checkRemoval } from './membership.rules';
import { MembershipsRepository } from './memberships.repository';

/**
 * Subscription (membership) through the document protocol: PUT of the notification flags (the member or an
 * administrator) and of admin / report_view (administrators, not on their own), DELETE by administrators. New
 * memberships come only from group creation and invitations; a PUT to an unknown id is 404.
 */
@Injectable()
export class SubscriptionPolicy implements KlassPolicy {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly configs: ConfigurationRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, body: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (!prev) throw errors.notFound();
    const accountId = prev.account_id as string;
    const creatorId = ((await this.accounts.get(accountId))?.created_by as string | undefined) ?? null;
    if (op === 'delete') {
      checkRemoval(ctx, prev, { creatorId });
      return {};
    }
    const { fields, grantsAdmin } = changeMembership(ctx, prev, body, { creatorId });
    if (grantsAdmin && isFreeGroup(await this.configs.planFactsOf(accountId)) && (await this.memberships.otherAdminExists(accountId, prev._id))) {
      throw errors.forbidden(ACCOUNT_REASONS.freeOneAdmin);
    }
    return fields;
  }
}
