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
//
// A revocation can land while a request is verifying the token: identity said "valid", the token is revoked and
// forgotten, and the answer is cached after that. So forget() bumps a generation counter (`<prefix>:tokgen`) first,
// and the cache is filled only if the counter still has the value read before identity was asked (REFILL, one Lua
// script): an answer that may be older than a revocation is used for its own request and never cached.

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
  private get generationKey(): string {
    return `${this.config.prefix}:tokgen`;
  }

  /** The token's verification when it is in the cache (a token verified in the last few seconds), else undefined. */
  async cached(token: string): Promise<VerifiedToken | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const cached = await this.redis.get(this.key(createHash('sha256').update(token).digest('base64url')));
    const answer = cached ? (JSON.parse(cached) as VerifiedToken) : undefined;
    return answer?.user ? answer : undefined;
  }

  async verify(token: string): Promise<VerifiedToken> {
    if (!TOKEN_PATTERN.test(token)) throw errors.unauthorized('Invalid token');
    const hash = createHash('sha256').update(token).digest('base64url');
    const [cached, generation] = await this.redis.mget(this.key(hash), this.generationKey); // one round trip
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
      const keys = [this.key(hash), this.idKey(answer.token_id), this.generationKey];
      await this.redis.eval(REFILL, keys.length, ...keys, JSON.stringify(answer), ttl, generation ?? '0', hash);
    }
    return answer;
  }

  /**
   * Drops the cached answers for a token id (after it was changed or deleted). The generation moves first: a refill
   * already past its check has written its entry (found and dropped below); any later one sees the new generation.
   */
  async forget(tokenId: string): Promise<void> {
    await this.redis.incr(this.generationKey);
    const hashes = await this.redis.smembers(this.idKey(tokenId));
    const multi = this.redis.multi().del(this.idKey(tokenId));
    if (hashes.length > 0) multi.del(...hashes.map((h) => this.key(h)));
    await multi.exec();
  }
}

// KEYS: the answer's key, the token id's list of hashes, the generation. ARGV: the answer, its ttl, the generation
// read before identity was asked, the token's hash. Writes nothing when a token was forgotten meanwhile.
const REFILL = `
if (redis.call('GET', KEYS[3]) or '0') ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
`;

/** A refusal from identity becomes a 401; an outage stays what it is (503/500). */
function asUnauthorized(err: unknown, fallback: string): unknown {
  if (!(err instanceof AppError) || err.status >= 500) return err;
  return errors.unauthorized(err.status === 401 && typeof err.reason === 'string' ? err.reason : fallback);
}
