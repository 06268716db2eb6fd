import { Injectable } from '@nestjs/common';
import { ACCOUNT_REASONS, CallerContext, Doc, errors } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';

/**
 * Account through the document protocol: members read it; it is created by accounts.account.create and its profile
 * edited by GroupsService.updateProfile (the documents service sends PUTs of acc- ids there), never deleted.
 */
@Injectable()
export class AccountPolicy implements KlassPolicy {
  beforeWrite(_ctx: CallerContext, op: WriteOp, _fields: Record<string, unknown>, _prev: Doc | null): Record<string, unknown> {
    if (op === 'create') throw errors.badRequest(ACCOUNT_REASONS.accountCreate);
    throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
  }
}
