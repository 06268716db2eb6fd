import { createHash, randomBytes } from 'crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { CallerUser, SessionMembership } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { REDIS } from '../infra/infra.providers';

// Sessions in Redis under `<prefix>:sess:<sha256(id)>` (the cookie value itself is never stored), with a sliding TTL.
// `<prefix>:usess:<user_id>` lists a user's sessions so a password change can end the others.

export interface SessionData {
  user_id: string;
  /** identity's `[user_id, 'user']` plus the acc- roles from the accounts service */
  roles: string[];
  locale: string;
  /** the user's summary for the CallerContext (a session stored without it is re-checked on its next request) */
  user?: CallerUser;
  /** from accounts.roles.get; absent when the accounts service did not answer */
  memberships?: SessionMembership[];
  /** ms since epoch when the profile was last loaded (identity confirmed the user may still sign in); 0: reload next */
  checked_at: number;
  xsrf: string;
  created_at: number;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sessions read in the last second are served from memory: the Redis round trip was the largest share of the
 * gateway's per-request work (bench/find). Writes through this process update or drop the entry at once; a logout
 * through another gateway copy reaches this one within `session.cacheMs` (SESSION_CACHE_MS, default 1 s).
 */
const CACHE_MAX = 10_000;

@Injectable()
export class SessionStore {
  private readonly ttl: number;
  private readonly cache = new Map<string, { data: SessionData; until: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.ttl = config.session.ttlSeconds;
  }

  get ttlSeconds(): number {
    return this.ttl;
  }

  private hash(id: string): string {
    return createHash('sha256').update(id).digest('base64url');
  }
  private key(hash: string): string {
    return `${this.config.prefix}:sess:${hash}`;
  }
  private userKey(userId: string): string {
    return `${this.config.prefix}:usess:${userId}`;
  }

  async create(data: Omit<SessionData, 'xsrf' | 'created_at'>): Promise<{ id: string; data: SessionData }> {
    const id = randomToken();
    const full: SessionData = { ...data, xsrf: randomToken(), created_at: Date.now() };
    const hash = this.hash(id);
    await this.redis
      .multi()
      .set(this.key(hash), JSON.stringify(full), 'EX', this.ttl)
      .sadd(this.userKey(data.user_id), hash)
      .expire(this.userKey(data.user_id), this.ttl)
      .exec();
    return { id, data: full };
  }

  /** The live session of a cookie value, sliding its expiry; null for an unknown, expired or malformed id. */
  async get(id: string): Promise<SessionData | null> {
    if (!ID_PATTERN.test(id)) return null;
    const hash = this.hash(id);
    const hit = this.cache.get(hash);
    if (hit && hit.until > Date.now()) return hit.data;
    const raw = await this.redis.getex(this.key(hash), 'EX', this.ttl); // one command: read and slide the expiry
    let data: SessionData | null;
    try {
      data = raw ? (JSON.parse(raw) as SessionData) : null;
    } catch {
      data = null;
    }
    this.remember(hash, data);
    return data;
  }

  private remember(hash: string, data: SessionData | null): void {
    this.cache.delete(hash);
    if (!data || this.config.session.cacheMs <= 0) return;
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(hash, { data, until: Date.now() + this.config.session.cacheMs });
  }

  /** Rewrites a session that still exists (a concurrent logout wins). */
  async save(id: string, data: SessionData): Promise<void> {
    const hash = this.hash(id);
    const written = await this.redis.set(this.key(hash), JSON.stringify(data), 'EX', this.ttl, 'XX');
    this.remember(hash, written ? data : null);
    await this.redis.expire(this.userKey(data.user_id), this.ttl);
  }

  /** Makes the next request of this session reload its profile (after writes that change roles, memberships or locale). */
  async markStale(id: string, data: SessionData): Promise<void> {
    await this.save(id, { ...data, checked_at: 0 });
  }

  async destroy(id: string, userId?: string): Promise<void> {
    const hash = this.hash(id);
    this.cache.delete(hash);
    const multi = this.redis.multi().del(this.key(hash));
    if (userId) multi.srem(this.userKey(userId), hash);
    await multi.exec();
  }

  /** Ends every session of a user except `keepId` (after a password change). */
  async destroyOthers(userId: string, keepId?: string): Promise<number> {
    const keep = keepId ? this.hash(keepId) : undefined;
    const hashes = (await this.redis.smembers(this.userKey(userId))).filter((h) => h !== keep);
    if (hashes.length === 0) return 0;
    for (const h of hashes) this.cache.delete(h);
    await this.redis
      .multi()
      .del(...hashes.map((h) => this.key(h)))
      .srem(this.userKey(userId), ...hashes)
      .exec();
    return hashes.length;
  }
}
