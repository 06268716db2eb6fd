import { AppConfig, internalSecret, loadConfig } from '@app/platform';

// The gateway's settings: the shared AppConfig plus what only the HTTP edge needs. Read once at start.

export interface RateLimit {
  /** requests (or failures, for login) allowed per window */
  max: number;
  windowSeconds: number;
}

export interface GatewayConfig extends AppConfig {
  port: number;
  host: string;
  /** trust X-Forwarded-* (only behind a proxy that sets them) */
  /** serve `POST /{db}/_find` from the fast lane (http/fast-lane.ts); GATEWAY_FAST_LANE=false sends it through Nest */
  fastLane: boolean;
  trustProxy: boolean;
  /** always mark cookies Secure, even when the request did not come over TLS */
  cookieSecure: boolean;
  bodyLimit: number;
  /** the disk service's HTTP server(s), where /files and /dav are passed on (DISK_HTTP_URL; several copies comma separated) */
  diskUrl: string;
  /** a /files or /dav transfer with no byte moving for this long is dropped */
  diskIdleTimeoutMs: number;
  /**
   * a client connection with no byte moving either way for this long is closed (GATEWAY_IDLE_TIMEOUT_MS). There is no
   * bound on a whole request: a 1 GB upload over a slow line takes as long as it takes, as long as it moves.
   */
  idleTimeoutMs: number;
  /** the secret the gateway signs the callers it passes on with (INTERNAL_SECRET) */
  internalSecret: string;
  /** JSON bodies nested deeper than this are refused */
  maxBodyDepth: number;
  session: {
    ttlSeconds: number;
    /** a session older than this is re-checked with identity.session.get */
    recheckSeconds: number;
    /** how long a session read from Redis is served from this process's memory (0: always ask Redis) */
    cacheMs: number;
  };
  /** how long a verified bearer token is trusted without asking identity again */
  tokenCacheSeconds: number;
  /**
   * how long an accepted membership (user, group → admin) is served from this process's memory (0: ask accounts on
   * every request); writes to a group's memberships through this gateway forget the group's entries at once
   */
  tenancyCacheMs: number;
  rateLimits: {
    loginPerEmail: RateLimit;
    loginPerIp: RateLimit;
    mailPerEmail: RateLimit;
    mailPerIp: RateLimit;
    /** registration attempts (POST /_users) per IP */
    registerPerIp: RateLimit;
  };
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

const DAY = 24 * 60 * 60;

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got ${value}`);
  return n;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    ...loadConfig(env),
    port: int(env.GATEWAY_PORT, 3000),
    host: env.GATEWAY_HOST || '127.0.0.1',
    trustProxy: env.TRUST_PROXY === 'true',
    fastLane: env.GATEWAY_FAST_LANE !== 'false',
    cookieSecure: env.COOKIE_SECURE === 'true',
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    diskUrl: env.DISK_HTTP_URL || `http://127.0.0.1:${env.DISK_HTTP_PORT || '3010'}`,
    diskIdleTimeoutMs: int(env.DISK_IDLE_TIMEOUT_MS, 120_000),
    idleTimeoutMs: int(env.GATEWAY_IDLE_TIMEOUT_MS, 120_000),
    internalSecret: internalSecret(env),
    maxBodyDepth: int(env.BODY_MAX_DEPTH, 50),
    session: {
      ttlSeconds: int(env.SESSION_TTL_SECONDS, 14 * DAY),
      recheckSeconds: int(env.SESSION_RECHECK_SECONDS, 60),
      cacheMs: int(env.SESSION_CACHE_MS, 1000),
    },
    tokenCacheSeconds: Math.min(30, int(env.TOKEN_CACHE_SECONDS, 30)),
    tenancyCacheMs: Math.min(5000, int(env.TENANCY_CACHE_MS, 1000)),
    rateLimits: {
      loginPerEmail: { max: int(env.RL_LOGIN_EMAIL_MAX, 10), windowSeconds: int(env.RL_LOGIN_WINDOW_SECONDS, 60) },
      loginPerIp: { max: int(env.RL_LOGIN_IP_MAX, 10), windowSeconds: int(env.RL_LOGIN_WINDOW_SECONDS, 60) },
      mailPerEmail: { max: int(env.RL_MAIL_EMAIL_MAX, 5), windowSeconds: int(env.RL_MAIL_WINDOW_SECONDS, 15 * 60) },
      mailPerIp: { max: int(env.RL_MAIL_IP_MAX, 20), windowSeconds: int(env.RL_MAIL_WINDOW_SECONDS, 15 * 60) },
      registerPerIp: { max: int(env.RL_REGISTER_IP_MAX, 10), windowSeconds: int(env.RL_REGISTER_WINDOW_SECONDS, 60 * 60) },
    },
  };
}
