// Configuration read once from the environment. Every shared name (NATS subjects, Redis keys, BullMQ queues,
// Postgres database) carries APP_PREFIX so a test run and a running product never meet on the same servers.
export interface AppConfig {
  prefix: string;
  databaseUrl: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const apiUrl = env.API_URL || `http://127.0.0.1:${env.GATEWAY_PORT || '3000'}`;
  return {
    prefix: env.APP_PREFIX || 'app',
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/servicedesk',
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
