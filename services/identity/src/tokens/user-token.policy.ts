import { Injectable } from '@nestjs/common';
import { AppError, CallerContext, Doc, errors } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { applyTokenUpdate, TokenFields } from './token.rules';
import { assertNotToken, presentToken } from './tokens.service';

/** UserToken through the document protocol: list, read, revoke (active: false), describe, delete. */
@Injectable()
export class UserTokenPolicy implements KlassPolicy {
  canRead(ctx: CallerContext, doc: Doc): void {
    if (doc.user_id !== ctx.user_id) throw errors.forbidden();
  }

  beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Record<string, unknown> {
    assertNotToken(ctx);
    if (op === 'create' || !prev) throw new AppError('method_not_allowed', 'Create user tokens with POST /{user_id}');
    if (op === 'delete') return {};
    return { ...applyTokenUpdate(fields, prev as unknown as TokenFields) };
  }

  present(doc: Doc): Doc {
    return presentToken(doc);
  }
}
