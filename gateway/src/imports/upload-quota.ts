import type Redis from 'ioredis';
import { CSV_GROUP_MAX_BYTES, CSV_GROUP_MAX_UPLOADS, CSV_UPLOAD_TTL_SECONDS, csvHeldKey, csvUploadKey } from '@app/proto';
import { TooManyRequestsError } from '../http/error-mapping';

// What one group may hold in Redis of uploaded bank statements (issue 25: each upload sat there an hour with no cap
// per group, on a Redis with no memory limit). A group's waiting uploads are listed in one hash with their expiry and
// size; an upload takes its place atomically (one Lua script: expired places are dropped, then the bytes and the
// count are checked), or is refused with 429 and how long until the oldest place frees. The finance service lets an
// upload go once its import succeeded. A Redis that is full (maxmemory, noeviction) refuses the write: 507.

const RESERVE = `
local held = redis.call('HGETALL', KEYS[1])
local now, size, maxBytes, maxCount, ttl = tonumber(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local total, count, oldest = 0, 0, nil
for i = 1, #held, 2 do
  local expires, bytes = string.match(held[i + 1], '^(%d+):(%d+)$')
  expires = tonumber(expires)
  if not expires or expires <= now then
    redis.call('HDEL', KEYS[1], held[i])
  else
    total = total + tonumber(bytes)
    count = count + 1
    if not oldest or expires < oldest then oldest = expires end
  end
end
if count + 1 > maxCount or total + size > maxBytes then return math.max(1, (oldest or now) - now) end
redis.call('HSET', KEYS[1], ARGV[2], (now + ttl * 1000) .. ':' .. size)
redis.call('PEXPIRE', KEYS[1], ttl * 1000)
return 0
`;

export interface UploadLimits {
  maxBytes: number;
  maxUploads: number;
  ttlSeconds: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: CSV_GROUP_MAX_BYTES, maxUploads: CSV_GROUP_MAX_UPLOADS, ttlSeconds: CSV_UPLOAD_TTL_SECONDS };

/** Keeps `bytes` as upload `uploadId` of the group for the import, within the group's share (429 beyond). */
export async function holdUpload(redis: Redis, prefix: string, accountId: string, uploadId: string, bytes: Buffer, limits = DEFAULT_UPLOAD_LIMITS): Promise<void> {
  const waitMs = Number(await redis.eval(RESERVE, 1, csvHeldKey(prefix, accountId), Date.now(), uploadId, bytes.length, limits.maxBytes, limits.maxUploads, limits.ttlSeconds));
  if (waitMs > 0) {
    const minutes = Math.ceil(waitMs / 60_000);
    throw new TooManyRequestsError(
      Math.ceil(waitMs / 1000),
      `This group has ${limits.maxUploads} statements or ${Math.round(limits.maxBytes / 1_000_000)} MB waiting to be imported: import or let go of them first (an upload is kept ${Math.round(limits.ttlSeconds / 60)} minutes; the oldest frees in ${minutes} min)`,
    );
  }
  try {
    await redis.set(csvUploadKey(prefix, accountId, uploadId), bytes, 'EX', limits.ttlSeconds);
  } catch (err) {
    await redis.hdel(csvHeldKey(prefix, accountId), uploadId).catch(() => undefined);
    throw err;
  }
}

/** Drops an upload and its place (a file the analysis refused). */
export async function letGo(redis: Redis, prefix: string, accountId: string, uploadId: string): Promise<void> {
  await redis.multi().del(csvUploadKey(prefix, accountId, uploadId)).hdel(csvHeldKey(prefix, accountId), uploadId).exec().catch(() => undefined);
}
