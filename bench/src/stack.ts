// What every bench needs: its own database and APP_PREFIX (so it never meets a running product or a test run), the
// product's processes started from their builds, and a clean-up that removes all of it.
import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { cpuSecondsOf } from './load';

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
      // STDOUT_DIR=<dir> keeps each started process's standard output there as <name>.out (NODE_FLAGS=--trace-gc …)
      const stdout = process.env.STDOUT_DIR ? fs.openSync(path.join(process.env.STDOUT_DIR, `${name}.out`), 'a') : 'ignore';
      const child = spawn(process.execPath, [...profile, ...flags, script], { cwd: path.dirname(path.dirname(script)), env: { ...fullEnv, ...extra }, stdio: ['ignore', stdout, 'inherit'] });
      if (typeof stdout === 'number') fs.closeSync(stdout);
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

/** A flags file of infra/: one flag a line, # starts a comment line. */
function flagsFile(name: string): string[] {
  return fs
    .readFileSync(path.join(ROOT, 'infra', name), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** The flags `make up` starts the product's processes with (infra/node-flags). */
export function productNodeFlags(): string[] {
  return flagsFile('node-flags');
}

/** The flags the browser tests start Chromium with (infra/chromium-flags), for the benches that drive a page. */
export function chromiumFlags(): string[] {
  return flagsFile('chromium-flags');
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

/**
 * The environment of a bench's gateway on `gatewayPort` (127.0.0.1) mailing to `smtpPort`, the per-IP limits lifted:
 * every client of a bench is 127.0.0.1.
 */
export function gatewayEnv(gatewayPort: number, smtpPort: number): Record<string, string> {
  const base = `http://127.0.0.1:${gatewayPort}`;
  return {
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    API_URL: base,
    PUBLIC_URL: base,
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
  };
}

/**
 * A bench stack whose gateway listens on `gatewayPort` (127.0.0.1), with the per-IP limits lifted (every client of a
 * bench is 127.0.0.1) and an SMTP server on `smtpPort` that swallows the mail; `close` stops both.
 */
export async function gatewayBench(gatewayPort: number, smtpPort: number, env: Record<string, string> = {}): Promise<{ stack: BenchStack; base: string; close(): Promise<void> }> {
  const base = `http://127.0.0.1:${gatewayPort}`;
  const stack = await benchStack({ ...gatewayEnv(gatewayPort, smtpPort), ...env });
  const { SMTPServer } = await import('smtp-server');
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  return {
    stack,
    base,
    async close() {
      smtp.close();
      await stack.close();
    },
  };
}

/** A user registered (while the services come up, a 503 is asked again), signed in, with a new group of `name`. */
export async function signedInGroup(base: string, run: string, name: string): Promise<{ userId: string; account: string; headers: Record<string, string> }> {
  const json = { 'content-type': 'application/json' };
  const email = `${run}@example.com`;
  const password = 'bench-password-1';
  const reg = await waitUntil('register', async () => {
    const r = await fetch(`${base}/_users`, { method: 'POST', headers: json, body: JSON.stringify({ email, fullname: 'Bench', password, password_confirmation: password, accept: true }) });
    return r.status === 503 ? undefined : r;
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${base}/_session`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const userId = ((await login.json()) as { name: string }).name;
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  const headers = { ...json, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
  const group = await fetch(`${base}/accounts`, { method: 'POST', headers, body: JSON.stringify({ name }) });
  if (!group.ok) throw new Error(`group: ${group.status} ${await group.text()}`);
  return { userId, account: ((await group.json()) as { id: string }).id, headers };
}

/**
 * Switches a module on for a group as its administrator does (the reader, exoreader, is off for a new group, and a
 * module switched off refuses its API). `headers`: a signed-in administrator's (cookie and XSRF).
 */
export async function switchModuleOn(base: string, account: string, headers: Record<string, string>, flag = 'exoreader'): Promise<void> {
  const found = await fetch(`${base}/${account}/_find`, { method: 'POST', headers, body: JSON.stringify({ selector: { klass: 'AccountConfiguration', key: flag }, limit: 1 }) });
  const doc = ((await found.json()) as { docs?: Array<{ _id: string; _rev: string }> }).docs?.[0];
  const res = doc
    ? await fetch(`${base}/${account}/${doc._id}?rev=${doc._rev}`, { method: 'PUT', headers, body: JSON.stringify({ value: true }) })
    : await fetch(`${base}/${account}`, { method: 'POST', headers, body: JSON.stringify({ klass: 'AccountConfiguration', key: flag, value: true }) });
  if (!res.ok) throw new Error(`switching ${flag} on: ${res.status} ${await res.text()}`);
}

/** The pids of the PostgreSQL backends serving `dbName` and of nats-server, from /proc. */
export function databasePids(dbName: string): { postgres: number[]; nats: number[] } {
  const out = { postgres: [] as number[], nats: [] as number[] };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.startsWith('postgres:') && cmd.includes(` ${dbName} `)) out.postgres.push(Number(entry));
      else if (cmd.includes('nats-server')) out.nats.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Waits until the given processes used less than `share` of a core over a second (background work after a bulk write:
 * change events, ANALYZE), at most `ms`; answers the seconds it took.
 */
export async function settled(pids: () => number[], share = 0.1, ms = 120_000): Promise<number> {
  const started = Date.now();
  const cpu = () => pids().reduce((t, pid) => t + cpuSecondsOf(pid), 0);
  for (;;) {
    const before = cpu();
    await new Promise((r) => setTimeout(r, 1000));
    if (cpu() - before < share || Date.now() - started > ms) return (Date.now() - started) / 1000;
  }
}
