import type Redis from 'ioredis';

// Whether the Redis in use keeps its data on disk, read from its own settings (CONFIG GET appendonly, save). A Redis
// that keeps nothing loses, when it restarts, every session (everybody signed out: 401s) and every queued job (mail not
// sent yet, feed fetches, imports, backups), silently. `make up` (infra/redis-persistence.js) and the gateway's
// readiness answer (GET /_up) say so; it is not a failure: such a Redis is still ready. Managed Redis often refuses
// CONFIG: then it is `unknown`.

/** `aof`: an append-only file (also when RDB snapshots are on besides); `rdb`: snapshots only; `none`: nothing. */
export type RedisPersistenceMode = 'none' | 'aof' | 'rdb' | 'unknown';

export interface RedisPersistence {
  persistence: RedisPersistenceMode;
  /** what a restart of this Redis loses: [] when it keeps its data, null when that could not be told */
  lost_on_restart: string[] | null;
  /** the same in a sentence, with the settings read */
  detail: string;
}

/** What the product keeps in Redis only: lost when a Redis without persistence restarts. */
export const KEPT_IN_REDIS_ONLY = ['sessions', 'queued jobs', 'rate-limit counters'] as const;

/** The persistence of a Redis from its `appendonly` and `save` settings (as CONFIG GET answers them). */
export function persistenceOf(appendonly: string, save: string): RedisPersistence {
  const snapshots = save.trim() !== '';
  if (appendonly.trim().toLowerCase() === 'yes') {
    return { persistence: 'aof', lost_on_restart: [], detail: `append-only file on (appendonly yes${snapshots ? `, save "${save}"` : ''}): a restart keeps sessions and queued jobs` };
  }
  if (snapshots) {
    return {
      persistence: 'rdb',
      lost_on_restart: [],
      detail: `snapshots only (appendonly no, save "${save}"): a clean restart keeps everything, a crash loses what changed since the last snapshot`,
    };
  }
  return {
    persistence: 'none',
    lost_on_restart: [...KEPT_IN_REDIS_ONLY],
    detail: 'Redis keeps nothing on disk (appendonly no, save ""): a Redis restart signs every user out and drops every queued job (mail, feed fetches, imports, backups)',
  };
}

/** CONFIG GET <name> of `redis`: the value, or throws (CONFIG renamed, disabled or not allowed to this user). */
async function configValue(redis: Pick<Redis, 'config'>, name: string): Promise<string> {
  const reply = (await redis.config('GET', name)) as unknown;
  if (!Array.isArray(reply) || reply.length < 2) throw new Error(`CONFIG GET ${name} answered nothing`);
  return String(reply[1]);
}

/** Reads the persistence settings of `redis`; `unknown` when it will not say (managed Redis, ACLs) or is away. */
export async function readRedisPersistence(redis: Pick<Redis, 'config'>): Promise<RedisPersistence> {
  try {
    const [appendonly, save] = await Promise.all([configValue(redis, 'appendonly'), configValue(redis, 'save')]);
    return persistenceOf(appendonly, save);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { persistence: 'unknown', lost_on_restart: null, detail: `could not tell whether Redis keeps its data on disk (CONFIG GET: ${why})` };
  }
}
