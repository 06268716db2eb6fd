import { ChildProcess, spawn } from 'child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as path from 'path';
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { SmtpSink } from '../../services/platform/src/mail/testing/smtp-sink';

// The real product for the browser tests, started from its builds as separate processes (like `make up`):
// identity, accounts, tickets, disk, finance, reader and notes (services/*/dist/main.js) and the gateway (gateway/dist/main.js) serving the built shell
// (frontends/shell/dist), on the local Postgres, Redis and NATS, with names of their own: a database
// sd_browser_<run>, APP_PREFIX <run> (NATS subjects, JetStream stream, Redis keys, BullMQ queue), a free port, and an
// SMTP sink in this process whose mails the tests read over HTTP (GET $MAIL_SINK_URL/mails).

export const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader', 'notes'];
const LOG_DIR = path.join(ROOT, '.run/browser-logs');

export interface RunningStack {
  run: string;
  database: string;
  adminUrl: string;
  children: ChildProcess[];
  sink: SmtpSink;
  sinkHttp: http.Server;
}

const handle = globalThis as unknown as { __browserStack?: RunningStack };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function required(file: string, hint: string): void {
  if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: ${hint}`);
}

function runToEnd(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code} (see .run/browser-logs/${name}.log)`))));
  });
}

function startProcess(name: string, script: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

async function waitUp(url: string, children: ChildProcess[], timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const dead = children.find((c) => c.exitCode !== null);
    if (dead) throw new Error(`a process of the stack exited during start-up (code ${dead.exitCode}); logs in .run/browser-logs/`);
    const ok = await fetch(`${url}/_up`).then((r) => r.status < 500, () => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`the gateway did not answer ${url}/_up within ${timeoutMs} ms; logs in .run/browser-logs/`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startStack(): Promise<RunningStack> {
  required('frontends/shell/dist/index.html', 'build the shell first (npm run build -w @app/shell)');
  for (const s of SERVICES) required(`services/${s}/dist/main.js`, 'build first (npx tsc -b proto services/platform services/identity services/accounts services/tickets services/disk services/finance services/reader services/notes gateway)');
  required('gateway/dist/main.js', 'build first (npx tsc -b proto services/platform services/identity services/accounts services/tickets services/disk services/finance services/reader services/notes gateway)');
  required('test/browser/remote-fixture/dist/hello/mf-manifest.json', 'build the test remote first (bash test/browser/prepare.sh)');
  mkdirSync(LOG_DIR, { recursive: true });

  const run = `b${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `sd_browser_${run}`;
  const pg = new Client({ connectionString: adminUrl });
  await pg.connect();
  await pg.query(`CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  await pg.end();

  const sink = new SmtpSink();
  const smtpPort = await sink.start();
  const sinkHttp = http.createServer((req, res) => {
    const mails = sink.mails.map(({ to, from, subject, text, html }) => ({ to, from, subject, text, html }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((r) => sinkHttp.listen(0, '127.0.0.1', () => r()));
  const sinkUrl = `http://127.0.0.1:${(sinkHttp.address() as net.AddressInfo).port}`;

  const stack: RunningStack = { run, database, adminUrl, children: [], sink, sinkHttp };
  handle.__browserStack = stack;
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const diskPort = await freePort();
    const diskData = path.join(ROOT, '.run/browser-disk', run);
    mkdirSync(diskData, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_PREFIX: run,
      DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`),
      NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      GATEWAY_PORT: String(port),
      GATEWAY_HOST: '127.0.0.1',
      API_URL: url,
      PUBLIC_URL: url,
      APP_VERSION: process.env.BROWSER_APP_VERSION || '0.0.0-browser',
      // the Module Federation remotes, served as /modules/<name>/ (the test remote `hello` of remote-fixture/)
      MODULES_DIR: path.join(ROOT, 'test/browser/remote-fixture/dist'),
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // every page of the run comes from 127.0.0.1: the per-IP limits would make tests meet
      RL_LOGIN_IP_MAX: '100000',
      RL_MAIL_IP_MAX: '100000',
      RL_REGISTER_IP_MAX: '100000',
      // the disk's bytes, in a folder of this run's, served to the gateway on a free port
      DISK_DATA_DIR: diskData,
      DISK_HTTP_PORT: String(diskPort),
      DISK_HTTP_URL: `http://127.0.0.1:${diskPort}`,
      // the backups' archives, read by the accounts service and the gateway alike
      BACKUP_DIR: path.join(ROOT, '.run/browser-backups', run),
      // the feeds and pages the reader and notes specs serve are on loopback
      READER_ALLOW_PRIVATE_URLS: '1',
      NOTES_ALLOW_PRIVATE_URLS: '1',
    };
    for (const s of SERVICES) {
      const dir = path.join(ROOT, 'services', s);
      await runToEnd(`${s}-migrate`, [path.join(dir, 'dist/migrate.js')], dir, env);
    }
    for (const s of SERVICES) {
      const dir = path.join(ROOT, 'services', s);
      stack.children.push(startProcess(s, path.join(dir, 'dist/main.js'), dir, env));
    }
    stack.children.push(startProcess('gateway', path.join(ROOT, 'gateway/dist/main.js'), path.join(ROOT, 'gateway'), env));
    await waitUp(url, stack.children);
    // read by the test workers (they inherit the runner's environment)
    Object.assign(process.env, { BROWSER_BASE_URL: url, MAIL_SINK_URL: sinkUrl, BROWSER_RUN_ID: run });
    return stack;
  } catch (err) {
    await stopStack();
    throw err;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}

/** Stops the processes and the sink, deletes the disk's folder, drops the database, the prefix's JetStream streams and Redis keys. */
export async function stopStack(): Promise<void> {
  const stack = handle.__browserStack;
  if (!stack) return;
  handle.__browserStack = undefined;
  const warn = (what: string) => (e: Error) => console.warn(`browser teardown: ${what} failed: ${e.message}`);
  await Promise.all(stack.children.map(stopChild));
  await stack.sink.stop().catch(warn('smtp sink'));
  await new Promise<void>((r) => stack.sinkHttp.close(() => r()));
  rmSync(path.join(ROOT, '.run/browser-disk', stack.run), { recursive: true, force: true });
  rmSync(path.join(ROOT, '.run/browser-backups', stack.run), { recursive: true, force: true });

  const pg = new Client({ connectionString: stack.adminUrl });
  await pg
    .connect()
    .then(() => pg.query(`DROP DATABASE IF EXISTS ${stack.database} WITH (FORCE)`))
    .catch(warn('drop database'))
    .finally(() => pg.end().catch(() => undefined));

  try {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.run}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  } catch (e) {
    warn('redis cleanup')(e as Error);
  }
  try {
    const { connect } = await import('nats');
    const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
    const jsm = await nc.jetstreamManager();
    for await (const s of jsm.streams.list()) {
      if (s.config.name.startsWith(`${stack.run}_`) || s.config.name === stack.run) await jsm.streams.delete(s.config.name);
    }
    await nc.close();
  } catch (e) {
    warn('nats cleanup')(e as Error);
  }
}
