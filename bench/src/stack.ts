// What every bench needs: its own database and APP_PREFIX (so it never meets a running product or a test run), the
// product's processes started from their builds, and a clean-up that removes all of it.
import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export const ROOT = path.resolve(__dirname, '../..');

export interface BenchStack {
  run: string;
  dbUrl: string;
  env: NodeJS.ProcessEnv;
  start(name: string, script: string, extra?: Record<string, string>): ChildProcess;
  close(): Promise<void>;
}

export async function benchStack(env: Record<string, string> = {}): Promise<BenchStack> {
  const run = `bench${crypto.randomBytes(3).toString('hex')}`;
  const dbName = `sd_${run}`;
  const adminUrl = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  const children = new Set<ChildProcess>();
  // the gateway signs the callers it passes to the disk service with INTERNAL_SECRET, which production requires
  const secret = process.env.INTERNAL_SECRET || crypto.randomBytes(24).toString('base64url');
  const fullEnv = { ...process.env, APP_PREFIX: run, DATABASE_URL: dbUrl, LOG_LEVEL: 'error', NODE_ENV: 'production', INTERNAL_SECRET: secret, ...env };
  process.env.APP_PREFIX = run; // subjects this process computes (RpcClient) carry the bench's prefix too

  return {
    run,
    dbUrl,
    env: fullEnv,
    start(name, script, extra = {}) {
      // PROFILE=<dir> writes a V8 CPU profile of each started process there when it exits
      const profile = process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE] : [];
      // the product's own flags (infra/node-flags) for every started process, or NODE_FLAGS="--flag …" instead
      // (NODE_FLAGS=none: no flags; NODE_OPTIONS refuses some, like the GC's)
      const flags = process.env.NODE_FLAGS === undefined ? productNodeFlags() : process.env.NODE_FLAGS === 'none' ? [] : process.env.NODE_FLAGS.split(/\s+/).filter(Boolean);
      const child = spawn(process.execPath, [...profile, ...flags, script], { cwd: path.dirname(path.dirname(script)), env: { ...fullEnv, ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('exit', (code, signal) => {
        children.delete(child);
        if (code) console.error(`${name} exited with ${code}`);
        else if (signal && signal !== 'SIGTERM') console.error(`${name} ended by ${signal}`);
      });
      children.add(child);
      return child;
    },
    async close() {
      for (const c of children) c.kill();
      await new Promise((r) => setTimeout(r, 500));
      // KEEP_DB=1 leaves the database for a look at its plans afterwards (drop it yourself)
      if (process.env.KEEP_DB) console.log(`kept database ${dbName}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      const { connect } = await import('nats');
      const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
      const jsm = await nc.jetstreamManager();
      for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${run}_`)) await jsm.streams.delete(s.config.name);
      await nc.close();
      const Redis = (await import('ioredis')).default;
      const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
      const keys = await redis.keys(`${run}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** The flags `make up` starts the product's processes with (infra/node-flags). */
export function productNodeFlags(): string[] {
  return fs
    .readFileSync(path.join(ROOT, 'infra/node-flags'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000, everyMs = 200): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not ready within ${ms} ms`);
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/**
 * Until the gateway's /_up says Redis and `services` are ready: /_up names every service the gateway serves, and a
 * bench that starts only some of them would never see its 200.
 */
export async function waitForServices(base: string, services: string[]): Promise<void> {
  const ready = async () => {
    const up = (await (await fetch(`${base}/_up`)).json()) as { checks?: Record<string, string> };
    return ['redis', ...services].every((k) => up.checks?.[k] === 'ok') ? true : undefined;
  };
  await waitUntil('gateway /_up', () => ready().catch(() => undefined));
}
