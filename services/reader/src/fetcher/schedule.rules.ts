// When a feed is fetched next, without I/O. A feed that works is fetched every `intervalS` (the setting), or later
// when its server asks for it: Cache-Control max-age, or the RSS <ttl>. A feed that fails waits intervalS × 2^(n−1)
// after its n-th failure in a row; a 429 or 503 with Retry-After waits at least that long, and no request at all (not
// even "refresh now") goes out before. Every wait is capped at `maxIntervalS`.

export interface ScheduleSettings {
  intervalS: number;
  maxIntervalS: number;
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (!Number.isFinite(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** max-age (or s-maxage) of a Cache-Control header, seconds; null when there is none. */
export function maxAgeSeconds(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  let best: number | null = null;
  for (const part of cacheControl.toLowerCase().split(',')) {
    const m = /^\s*(s-maxage|max-age)\s*=\s*"?(\d+)"?\s*$/.exec(part);
    if (m) best = Math.max(best ?? 0, Number(m[2]));
  }
  return best;
}

/** The wait after the n-th failure in a row (n ≥ 1). */
export function backoffSeconds(errorCount: number, s: ScheduleSettings): number {
  const n = Math.max(1, Math.min(errorCount, 30));
  return Math.min(s.maxIntervalS, s.intervalS * 2 ** (n - 1));
}

export interface Outcome {
  now: Date;
  /** true when the feed answered with a feed or 304 */
  ok: boolean;
  /** consecutive failures including this one (0 when ok) */
  errorCount: number;
  status?: number;
  headers?: Record<string, string>;
  ttlMinutes?: number | null;
}

export interface Next {
  nextCheckAt: Date;
  /** set for a 429/503 with Retry-After: no request before */
  blockedUntil: Date | null;
}

export function nextCheck(o: Outcome, s: ScheduleSettings): Next {
  const at = (seconds: number) => new Date(o.now.getTime() + Math.min(s.maxIntervalS, seconds) * 1000);
  if (o.ok) {
    const asked = Math.max(maxAgeSeconds(o.headers?.['cache-control']) ?? 0, (o.ttlMinutes ?? 0) * 60);
    return { nextCheckAt: at(Math.max(s.intervalS, asked)), blockedUntil: null };
  }
  const backoff = backoffSeconds(o.errorCount, s);
  const retryAfter = o.status === 429 || o.status === 503 ? retryAfterSeconds(o.headers?.['retry-after'], o.now) : null;
  if (retryAfter === null) return { nextCheckAt: at(backoff), blockedUntil: null };
  const blocked = at(retryAfter);
  return { nextCheckAt: at(Math.max(backoff, retryAfter)), blockedUntil: blocked };
}
