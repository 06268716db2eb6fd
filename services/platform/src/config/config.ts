// Configuration read once from the environment. Every shared name (NATS subjects, Redis keys, BullMQ queues,
// Postgres database) carries APP_PREFIX so a test run and a running product never meet on the same servers.
export interface AppConfig {
  prefix: string;
  /** DATABASE_URL with the services' statement_timeout added (see withStatementTimeout) */
  databaseUrl: string;
  db: DbLimits;
  natsUrl: string;
  redisUrl: string;
  smtp: { host: string; port: number; from: string };
  /** the web app's public URL, used in mailed links */
  publicUrl: string;
  /** the API's public URL */
  apiUrl: string;
  version: string;
  env: 'development' | 'test' | 'production';
}

/** Bounds on the database work of one request (docs/decisions.md, Security). */
export interface DbLimits {
  /** Postgres statement_timeout of the services' connections, ms (PG_STATEMENT_TIMEOUT_MS, default 5000; 0 = none) */
  statementTimeoutMs: number;
  /** finds of one database (a group's or a user's) running at once in a process (DB_FIND_CONCURRENCY, default 3; 0 = no limit) */
  findConcurrency: number;
  /**
   * finds of one database waiting for a turn (DB_FIND_QUEUE, default 100: bench/find's 50 clients of one database wait
   * rather than fail; waiting holds no connection); one more is refused with 429
   */
  findQueue: number;
  /** how long a find may wait for its turn before it is refused with 429, ms (DB_FIND_WAIT_MS, default 5000) */
  findWaitMs: number;
}

function count(value: string | undefined, dflt: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : dflt;
}

export function loadDbLimits(env: NodeJS.ProcessEnv = process.env): DbLimits {
  return {
    statementTimeoutMs: count(env.PG_STATEMENT_TIMEOUT_MS, 5000),
    findConcurrency: count(env.DB_FIND_CONCURRENCY, 3),
    findQueue: count(env.DB_FIND_QUEUE, 100),
    findWaitMs: count(env.DB_FIND_WAIT_MS, 5000),
  };
}

/**
 * The connection URL with `statement_timeout` (a startup parameter node-postgres takes from the URL), so every pool
 * made from the config stops a statement that runs longer, whichever code creates it. A URL that already names one
 * keeps it. Migrations lift the limit for their own session (store/migrate.ts).
 */
export function withStatementTimeout(url: string, ms: number): string {
  if (ms <= 0 || /[?&]statement_timeout=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}statement_timeout=${ms}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const apiUrl = env.API_URL || `http://127.0.0.1:${env.GATEWAY_PORT || '3000'}`;
  const db = loadDbLimits(env);
  return {
    prefix: env.APP_PREFIX || 'app',
    databaseUrl: withStatementTimeout(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/servicedesk', db.statementTimeoutMs),
    db,
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    smtp: {
      host: env.SMTP_HOST || '127.0.0.1',
      port: Number(env.SMTP_PORT || 1025),
      from: env.MAIL_FROM || 'ServiceDesk <no-reply@servicedesk.local>',
    },
    publicUrl: env.PUBLIC_URL || apiUrl,
    apiUrl,
    version: env.APP_VERSION || '0.1.0',
    env: (env.NODE_ENV as AppConfig['env']) || 'development',
  };
}
