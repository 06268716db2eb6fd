import { createHash } from 'crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RpcClient } from '@app/platform';
import { AppError, CallerUser, errors, TokenPermission } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { REDIS } from '../infra/infra.providers';
import { SessionProfileLoader } from './session-profile';

// Bearer user tokens (`Authorization: Bearer sdt_…`): verified by identity, the user's profile (roles with the acc-
// ones, locale, user summary) loaded by SessionProfileLoader, the answer cached in Redis for at most 30 s under
// `<prefix>:tok:<sha256(token)>`. A write through the gateway to a UserToken forgets its cache entries at once
// (`<prefix>:tokid:<token id>` lists them), so a revoked token stops working on the next request. Group access is not
// cached: tenancy asks the accounts service on every request.

export interface VerifiedToken {
  user_id: string;
  token_id: string;
  permissions: TokenPermission[];
  roles: string[];
  locale: string;
  user: CallerUser;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_.~+/=-]{8,512}$/;

@Injectable()
export class TokenVerifier {
  constructor(
    private readonly rpc: RpcClient,
    private readonly profiles: SessionProfileLoader,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private key(hash: string): string {
    return `${this.config.prefix}:tok:${hash}`;
  }
  private idKey(tokenId: string): string {
    return `${this.config.prefix}:tokid:${tokenId}`;
  }

  async verify(token: string): Promise<VerifiedToken> {
    if (!TOKEN_PATTERN.test(token)) throw errors.unauthorized('Invalid token');
    const hash = createHash('sha256').update(token).digest('base64url');
    const cached = await this.redis.get(this.key(hash));
    if (cached) {
      const answer = JSON.parse(cached) as VerifiedToken;
      if (answer.user) return answer; // an entry cached before the user summary existed is verified again
    }

    const verified = await this.rpc.call('identity.token.verify', { token }).catch((err: unknown) => {
      throw asUnauthorized(err, 'Invalid or revoked token');
    });
    const profile = await this.profiles.load(verified.user_id).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 403 ? err : asUnauthorized(err, 'Invalid or revoked token');
    });
    const answer: VerifiedToken = {
      user_id: verified.user_id,
      token_id: verified.token_id,
      permissions: verified.permissions,
      roles: profile.userCtx.roles,
      locale: profile.locale,
      user: profile.user,
    };
    const ttl = this.config.tokenCacheSeconds;
    if (ttl > 0) {
      await this.redis
        .multi()
        .set(this.key(hash), JSON.stringify(answer), 'EX', ttl)
        .sadd(this.idKey(answer.token_id), hash)
        .expire(this.idKey(answer.token_id), ttl)
        .exec();
    }
    return answer;
  }

  /** Drops the cached answers for a token id (after it was changed or deleted). */
  async forget(tokenId: string): Promise<void> {
    const hashes = await this.redis.smembers(this.idKey(tokenId));
    const multi = this.redis.multi().del(this.idKey(tokenId));
    if (hashes.length > 0) multi.del(...hashes.map((h) => this.key(h)));
    await multi.exec();
  }
}

/** A refusal from identity becomes a 401; an outage stays what it is (503/500). */
function asUnauthorized(err: unknown, fallback: string): unknown {
  if (!(err instanceof AppError) || err.status >= 500) return err;
  return errors.unauthorized(err.status === 401 && typeof err.reason === 'string' ? err.reason : fallback);
}
