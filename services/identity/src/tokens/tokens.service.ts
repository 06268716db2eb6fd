import { Injectable } from '@nestjs/common';
import { CallerContext, Calls, Doc, errors, REASONS, TokenVerifyReply, WriteReply } from '@app/proto';
import { retryOnConflict } from '@app/platform';
import { applyTokenUpdate, newTokenSecret, tokenHashOf, validateTokenCreate } from './token.rules';
import { TokenDoc, TokensRepository } from './tokens.repository';

/** Tokens revoked per round of revokeAll (the store's find answers at most 1000). */
const REVOKE_PAGE = 500;

/** What the API shows of a token: everything but the hash of its secret. */
export function presentToken(doc: Doc): Doc {
  const { token_hash: _hash, ...shown } = doc;
  void _hash;
  return shown as Doc;
}

/** A bearer token cannot create, change or delete tokens (it could otherwise outlive its own revocation). */
export function assertNotToken(ctx: CallerContext): void {
  if (ctx.token) throw errors.forbidden('A user token cannot manage user tokens, please sign in');
}

@Injectable()
export class TokensService {
  constructor(private readonly tokens: TokensRepository) {}

  /** Who an active token belongs to and what it may do; anything else is 401 'Please login again'. */
  async verify(req: Calls['identity.token.verify']['req']): Promise<TokenVerifyReply> {
    const hash = tokenHashOf(req.token);
    const token = hash ? await this.tokens.byHash(hash) : null;
    if (!token || token.active !== true) throw errors.unauthorized(REASONS.loginAgain);
    return { user_id: token.user_id, token_id: token._id, permissions: token.permissions };
  }

  /**
   * Revokes every active token of the user (each record stays, with `active: false`, as a revocation through the API
   * leaves it) and answers the ids it revoked. A token changed meanwhile is read again; one already revoked is skipped.
   */
  async revokeAll(userId: string): Promise<string[]> {
    const revoked: string[] = [];
    let page: TokenDoc[];
    do {
      page = await this.tokens.activeOf(userId, REVOKE_PAGE);
      for (const found of page) {
        const done = await retryOnConflict(async () => {
          const token = await this.tokens.byId(userId, found._id);
          if (!token || token.active !== true) return false;
          await this.tokens.update(token, applyTokenUpdate({ active: false }, token), userId);
          return true;
        });
        if (done) revoked.push(found._id);
      }
    } while (page.length === REVOKE_PAGE);
    return revoked;
  }

  /**
   * POST /{user_id} with klass UserToken: a new active token of the caller. The reply's doc carries the secret as
   * `token`, this once; only its sha256 is stored.
   */
  async create(ctx: CallerContext, body: Record<string, unknown>): Promise<WriteReply> {
    assertNotToken(ctx);
    const userId = ctx.user_id!;
    const { description, permissions } = validateTokenCreate(body);
    const { token, token_hash } = newTokenSecret();
    const doc = await this.tokens.create(userId, { user_id: userId, description, permissions, active: true, token_hash });
    return { ok: true, id: doc._id, rev: doc._rev, doc: { ...presentToken(doc), token } };
  }
}
