import { Injectable } from '@nestjs/common';
import { ACCOUNT_REASONS, CallerContext, Doc, errors } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { requireAdmin } from '../common/caller';
import { canHaveSubGroups } from '../groups/account.rules';
import { AccountsRepository } from '../groups/accounts.repository';
import { MembershipsRepository } from '../memberships/memberships.repository';
import { ConfigurationRepository } from './configuration.repository';
import { isPaymentKey, isServerKey, validateConfiguration } from './configuration.rules';

/**
 * AccountConfiguration through the document protocol: every member reads it but the payment settings, which only
 * administrators read (a plain member's find leaves them out, a get is 404); administrators write it (spec §6),
 * one document per key, values checked per key; keys the server owns (plan, billing, creator) are refused.
 * `parent-account-id` makes the group a sub-group of a corporate group with no parent that the caller administers.
 */
@Injectable()
export class AccountConfigurationPolicy implements KlassPolicy {
  constructor(
    private readonly configs: ConfigurationRepository,
    private readonly accounts: AccountsRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  canRead(ctx: CallerContext, doc: Doc): void {
    if (!ctx.admin && isPaymentKey(doc.key)) throw errors.notFound('missing');
  }

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    requireAdmin(ctx);
    if (op === 'delete') {
      if (prev && typeof prev.key === 'string' && isServerKey(prev.key)) throw errors.forbidden(ACCOUNT_REASONS.managedSetting);
      return {};
    }
    const next = validateConfiguration(fields, prev ? { key: String(prev.key) } : null);
    if (next.key === 'parent-account-id' && typeof next.value === 'string') await this.checkParent(ctx, next.value);
    return { ...next };
  }

  /** A sub-group's parent: another corporate group with no parent, administered by the caller; no grandchildren. */
  private async checkParent(ctx: CallerContext, parent: string): Promise<void> {
    const db = ctx.db!;
    if (parent === db || !(await this.accounts.get(parent))) throw errors.forbidden(ACCOUNT_REASONS.subGroups);
    if (!canHaveSubGroups(await this.configs.planFactsOf(parent))) throw errors.forbidden(ACCOUNT_REASONS.subGroups);
    if ((await this.configs.children(db)).length > 0) throw errors.forbidden(ACCOUNT_REASONS.subGroups);
    const membership = ctx.user_id ? await this.memberships.ofUser(parent, ctx.user_id) : null;
    if (!membership || membership.status !== 'accepted' || membership.admin !== true) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
  }
}
