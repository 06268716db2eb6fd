import { Injectable } from '@nestjs/common';
import { CallerContext, Calls, Doc, errors, REASONS, TokenVerifyReply, WriteReply } from '@app/proto';
import { newTokenSecret, tokenHashOf, validateTokenCreate } from './token.rules';
import { TokensRepository } from './tokens.repository';

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
