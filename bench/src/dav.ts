// bench/dav: the product's WebDAV (gateway → disk service, `/dav/{account_id}/`, HTTP Basic with a user's e-mail and
// a user token) against Apache httpd with mod_dav (Debian's apache2, started here from a generated config on a free
// port, no authentication), on the same machine in the same run, each measure alternating product and Apache so a
// change of the machine's load falls on both:
// - PUT and GET of a 200 MiB file with curl (GET into /dev/null): MiB/s (targets PUT ≥ 0.8×, GET ≥ 0.5× Apache's),
//   and the disk service's RSS meanwhile (/proc/<pid>/status VmRSS every 100 ms; target ≤ 150 MB);
// - BIG=1: also PUT and GET of BIG_MIB (default 950) MiB with the RSS maximum, and a 2 GiB PUT announced (the plans'
//   largest drive storage is 1 GB, so the product refuses it up front with 507, as it should);
// - PROPFIND Depth 1 (allprop) on a folder of 1,000 files: median and p95 (target ≤ 3× Apache);
// - rclone copy of 400 × 1 MiB files (20 folders) up and down: seconds (target ≤ 1.2× Apache's).
// Prints figures, not a test. setUp() and the measures are exported for ad-hoc scripts (profiles, heap snapshots).
//
// Needs the backends built (the npm script does it), PostgreSQL, Redis and NATS on 127.0.0.1, apache2, curl and rclone.
// Uses its own database, APP_PREFIX and temporary folder, and removes them and its processes when done. Run:
// `npm run bench:dav` (env RUNS (PROPFIND, default 30), BIG_RUNS (200 MiB, default 5), RCLONE_RUNS (default 3),
// ONLY=<regex of propfind|put|get|rclone>, BIG=1, PROFILE=<dir> for CPU profiles of the product's processes).
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { cpuSecondsOf } from './load';
import { benchStack, percentile, ROOT, waitUntil } from './stack';

const run = promisify(execFile);
const RUNS = Number(process.env.RUNS || 30);
const BIG_RUNS = Number(process.env.BIG_RUNS || 5);
const RCLONE_RUNS = Number(process.env.RCLONE_RUNS || 3);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const wanted = (measure: string) => !ONLY || ONLY.test(measure);
const FILES = 1000;
const MIB = 1 << 20;
const BIG_FILE_MIB = 200;
/** what fits a pro group's 1 GB drive storage (decimal): 950 MiB = 996 MB */
const BIG_MIB = Number(process.env.BIG_MIB || 950);
const TREE_DIRS = 20;
const TREE_FILES = 20; // per folder: 400 files
const APACHE_MODULES = '/usr/lib/apache2/modules';

// ---- small tools ---------------------------------------------------------------------------------------------------

/** A free port below the ephemeral range (32768+), where the bench's own connections could already hold one. */
const handedOut = new Set<number>();
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 10000);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One HTTP request over a kept-alive connection: status, body, and the milliseconds until its last byte. */
export function request(url: string, method: string, headers: Record<string, string>, body?: Buffer | string): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

/** The highest VmRSS of a process, sampled every 100 ms while started. */
export class RssSampler {
  max = 0;
  private timer?: NodeJS.Timeout;
  constructor(private readonly pid: number) {}
  now(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  }
  start(): void {
    this.max = this.now();
    this.timer = setInterval(() => (this.max = Math.max(this.max, this.now())), 100);
  }
  stop(): number {
    clearInterval(this.timer);
    this.max = Math.max(this.max, this.now());
    return this.max;
  }
}

/** A file of random bytes, written 1 MiB at a time. */
function randomFile(file: string, mib: number): void {
  const fd = openSync(file, 'w');
  for (let i = 0; i < mib; i++) writeSync(fd, randomBytes(MIB));
  closeSync(fd);
}

/** The first 32 bytes of a file made random again: the same size, other content (another SHA-256). */
function newHead(file: string): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, randomBytes(32), 0, 32, 0);
  closeSync(fd);
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file).on('data', (c) => h.update(c)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });
}

/** relative path → sha256 of every file under root */
async function digest(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.set(path.relative(root, path.join(e.parentPath, e.name)), await sha256(path.join(e.parentPath, e.name)));
  }
  return out;
}

/** curl PUT (-T) or GET of one big file: its status, seconds and bytes moved. */
async function curl(method: 'PUT' | 'GET', url: string, file: string, auth?: string): Promise<{ seconds: number; bytes: number; status: number }> {
  const args = ['-sS', '-o', method === 'GET' ? file : '/dev/null', '-w', '%{http_code} %{time_total} %{size_upload} %{size_download}', '-H', 'Expect:'];
  if (auth) args.push('-u', auth);
  if (method === 'PUT') args.push('-T', file);
  const { stdout } = await run('curl', [...args, url], { maxBuffer: 1 << 20 });
  const [status, seconds, up, down] = stdout.trim().split(' ').map(Number);
  return { status, seconds, bytes: method === 'PUT' ? up : down };
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
/** the number of <response> elements of a multistatus, whatever its prefix */
const responses = (xml: string) => (xml.match(/<(?:[A-Za-z][\w.-]*:)?response[\s>]/g) ?? []).length;

// ---- Apache httpd with mod_dav --------------------------------------------------------------------------------------

interface Apache {
  url: string;
  root: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Apache (mpm_event, mod_dav, mod_dav_fs) serving `<dir>/www` at /dav/ on `port`, as www-data when started by root. */
async function startApache(dir: string, port: number): Promise<Apache> {
  const root = path.join(dir, 'www');
  const runDir = path.join(dir, 'run');
  for (const d of [root, runDir, path.join(dir, 'empty')]) mkdirSync(d, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'www-data'])).stdout);
    const gid = Number((await run('id', ['-g', 'www-data'])).stdout);
    for (const d of [root, runDir]) chownSync(d, uid, gid);
  }
  const conf = path.join(dir, 'apache.conf');
  writeFileSync(
    conf,
    [
      `ServerRoot "${dir}"`,
      'ServerName 127.0.0.1',
      `Listen 127.0.0.1:${port}`,
      `PidFile "${runDir}/apache.pid"`,
      `DefaultRuntimeDir "${runDir}"`,
      `Mutex file:${runDir} default`,
      `ErrorLog "${dir}/error.log"`,
      'LogLevel warn',
      ...(asRoot ? ['User www-data', 'Group www-data'] : []),
      ...['mpm_event', 'authz_core', 'alias', 'dav', 'dav_fs'].map((m) => `LoadModule ${m}_module ${APACHE_MODULES}/mod_${m}.so`),
      // Apache 2.4.54+ caps a request body at 1 GiB by default: BIG=1 sends more
      'LimitRequestBody 0',
      `DavLockDB "${runDir}/davlock"`,
      `DocumentRoot "${dir}/empty"`,
      `Alias /dav/ "${root}/"`,
      `<Directory "${root}">`,
      '  Dav On',
      '  AllowOverride None',
      '  Require all granted',
      '</Directory>',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/apache2', ['-f', conf, '-DFOREGROUND'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/dav/`;
  try {
    await waitUntil('apache', async () => ((await request(url, 'PROPFIND', { depth: '0' })).status === 207 ? true : undefined), 20_000);
  } catch (err) {
    child.kill();
    throw new Error(`${(err as Error).message}: ${readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2000)}`, { cause: err });
  }
  return {
    url,
    root,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

// ---- the product ------------------------------------------------------------------------------------------------------

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** A mail sink: the raw mails by recipient. */
function mailSink(port: number): Promise<{ waitFor(to: string): Promise<string>; close(): Promise<void> }> {
  const mails: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(port, '127.0.0.1', () =>
      resolve({
        waitFor: (to) => waitUntil(`mail to ${to}`, async () => mails.find((m) => m.to.includes(to.toLowerCase()))?.raw, 20_000),
        close: () => new Promise<void>((r) => smtp.close(() => r())),
      }),
    ),
  );
}

/** The confirmation token of a mail: its `/user/confirm/<token>` link, in a quoted-printable or base64 part. */
function confirmToken(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = (raw.match(/^[A-Za-z0-9+/=]{40,}$/gm) ?? []).map((l) => Buffer.from(l, 'base64').toString('utf8')).join('');
  const m = /\/user\/confirm\/([A-Za-z0-9_%.~-]+)/.exec(`${qp}\n${b64}`);
  if (!m) throw new Error(`no confirm link in the mail: ${raw.slice(0, 500)}`);
  return decodeURIComponent(m[1]);
}

// ---- the run --------------------------------------------------------------------------------------------------------

interface Row {
  measure: string;
  product: number;
  apache: number | null;
  unit: string;
  /** product ÷ Apache must be ≤ (or ≥) this; or the product's value must be ≤ `absolute` */
  target: { ratioAtMost?: number; ratioAtLeast?: number; absolute?: number; text: string };
}

/** The product and Apache, running, with a confirmed user and their token; what the measures share. */
export interface Bench {
  tmp: string;
  email: string;
  token: string;
  /** the Basic authorization header of the user and their token */
  basic: Record<string, string>;
  /** pids of the product's processes by name (identity, accounts, disk, …, gateway) */
  pids: Record<string, number>;
  apache: Apache;
  /** a new group's WebDAV address (pro: 1 GB of drive storage, set as the billing flow would, before the disk asks) */
  newGroup(name: string, plan: 'free' | 'pro'): Promise<string>;
  /** CPU seconds used so far by the gateway, the disk service and Apache */
  cpu(): { gateway: number; disk: number; apache: number };
  rows: Row[];
  notes: string[];
  close(): Promise<void>;
}

export async function setUp(): Promise<Bench> {
  const [gatewayPort, smtpPort, diskPort, apachePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${gatewayPort}`;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-dav-'));
  chmodSync(tmp, 0o755); // Apache's www-data walks through it
  const diskData = path.join(tmp, 'disk-data');
  mkdirSync(diskData);
  const stack = await benchStack({
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    API_URL: base,
    PUBLIC_URL: base,
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
    DISK_DATA_DIR: diskData,
    DISK_HTTP_PORT: String(diskPort),
    DISK_HTTP_URL: `http://127.0.0.1:${diskPort}`,
  });
  const mail = await mailSink(smtpPort);
  const db = new Client({ connectionString: stack.dbUrl });
  db.on('error', () => undefined); // the database is dropped at the end, whatever happened
  let apache: Apache | undefined;
  const close = async () => {
    await apache?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await mail.close().catch(() => undefined);
    await stack.close().catch((err) => console.error('clean-up:', err));
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const notes: string[] = [];
    await db.connect();
    // every built service: the gateway's /_up waits for all it serves
    const services = ['identity', 'accounts', ...readdirSync(path.join(ROOT, 'services')).filter((s) => !['identity', 'accounts', 'platform'].includes(s) && existsSync(path.join(ROOT, `services/${s}/dist/main.js`)))];
    for (const s of services) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number> = {};
    for (const s of services) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid!;
    pids.gateway = stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js')).pid!;
    await waitUntil('gateway /_up', async () => ((await fetch(`${base}/_up`)).status === 200 ? true : undefined));
    notes.push(`disk service RSS once up: ${(new RssSampler(pids.disk).now() / 1e6).toFixed(0)} MB`);
    apache = await startApache(tmp, apachePort);
    const apachePid = apache.process.pid!;

    // a confirmed user, signed in, with a user token
    const json = { 'content-type': 'application/json' };
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const reg = await waitUntil('register', async () => {
      const r = await fetch(`${base}/_users`, { method: 'POST', headers: json, body: JSON.stringify({ email, fullname: 'Bench', password, password_confirmation: password, accept: true, locale: 'en' }) });
      return r.status === 503 ? undefined : r;
    });
    if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const confirmed = await fetch(`${base}/_users/_confirm/${encodeURIComponent(confirmToken(await mail.waitFor(email)))}`, { method: 'POST', headers: json, body: '{}' });
    if (!confirmed.ok) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
    const login = await fetch(`${base}/_session`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const userId = ((await login.json()) as { name: string }).name;
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
    const session = { ...json, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
    const tokenReply = await fetch(`${base}/${userId}`, { method: 'POST', headers: session, body: JSON.stringify({ klass: 'UserToken', description: 'bench dav', permissions: ['read', 'write'] }) });
    if (!tokenReply.ok) throw new Error(`token: ${tokenReply.status} ${await tokenReply.text()}`);
    const token = ((await tokenReply.json()) as { doc: { token: string } }).doc.token;

    return {
      tmp,
      email,
      token,
      basic: { authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` },
      pids,
      apache,
      async newGroup(name, plan) {
        const r = await fetch(`${base}/accounts`, { method: 'POST', headers: session, body: JSON.stringify({ name }) });
        if (!r.ok) throw new Error(`group: ${r.status} ${await r.text()}`);
        const id = ((await r.json()) as { id: string }).id;
        if (plan !== 'free') {
          const set = await db.query(
            `UPDATE accounts.documents SET body = jsonb_set(body, '{value}', to_jsonb($2::text))
             WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = 'confirmed-plan' AND NOT deleted`,
            [id, plan],
          );
          if (set.rowCount !== 1) throw new Error(`no confirmed-plan in ${id}`);
        }
        return `${base}/dav/${id}/`;
      },
      cpu: () => ({ gateway: cpuSecondsOf(pids.gateway), disk: cpuSecondsOf(pids.disk), apache: apacheCpu(apachePid) }),
      rows: [],
      notes,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** PROPFIND Depth 1 (allprop) on a folder of 1,000 files of 1 kB, put there by WebDAV PUTs on both sides. */
export async function propfind(b: Bench): Promise<void> {
  const sides = [
    { name: 'product', url: await b.newGroup('Bench PROPFIND', 'free'), headers: b.basic },
    { name: 'apache', url: b.apache.url, headers: {} as Record<string, string> },
  ];
  const body = Buffer.alloc(1024, 'x');
  for (const side of sides) {
    const made = await request(`${side.url}many/`, 'MKCOL', side.headers);
    if (made.status !== 201) throw new Error(`${side.name} MKCOL: ${made.status} ${made.body.slice(0, 300)}`);
    await pool(FILES, 8, async (i) => {
      const put = await request(`${side.url}many/file-${String(i).padStart(4, '0')}.txt`, 'PUT', { ...side.headers, 'content-type': 'text/plain' }, body);
      if (put.status !== 201 && put.status !== 204) throw new Error(`${side.name} PUT ${i}: ${put.status} ${put.body.slice(0, 300)}`);
    });
  }
  const disk = new RssSampler(b.pids.disk);
  const rssBefore = disk.now();
  const times: Record<string, number[]> = { product: [], apache: [] };
  const used = { product: 0, apache: 0 };
  const sizes = { product: 0, apache: 0 };
  for (let i = -3; i < RUNS; i++) {
    for (const side of sides) {
      const before = b.cpu();
      const r = await request(`${side.url}many/`, 'PROPFIND', { ...side.headers, depth: '1' });
      const after = b.cpu();
      if (r.status !== 207 || responses(r.body) !== FILES + 1) throw new Error(`${side.name} PROPFIND: ${r.status}, ${responses(r.body)} responses`);
      if (i < 0) continue; // warm-up
      times[side.name].push(r.ms);
      sizes[side.name as 'product'] = r.body.length;
      if (side.name === 'product') used.product += after.gateway - before.gateway + after.disk - before.disk;
      else used.apache += after.apache - before.apache;
    }
  }
  const target = { ratioAtMost: 3, text: '≤ 3× Apache' };
  b.rows.push({ measure: `PROPFIND depth 1, ${FILES} files, median`, product: median(times.product), apache: median(times.apache), unit: 'ms', target });
  b.rows.push({ measure: `PROPFIND depth 1, ${FILES} files, p95`, product: p95(times.product), apache: p95(times.apache), unit: 'ms', target });
  b.notes.push(
    `PROPFIND: ${RUNS} runs each after 3 warm-ups; reply ${(sizes.product / 1000).toFixed(0)} kB (Apache ${(sizes.apache / 1000).toFixed(0)} kB); ` +
      `CPU a PROPFIND: gateway + disk ${((used.product / RUNS) * 1000).toFixed(0)} ms, Apache ${((used.apache / RUNS) * 1000).toFixed(0)} ms (10 ms ticks); ` +
      `disk RSS ${(rssBefore / 1e6).toFixed(0)} MB before them, ${(disk.now() / 1e6).toFixed(0)} MB after`,
  );
}

/** PUT and GET of a file of `mib` MiB with curl, `runs` times each side, the disk service's RSS sampled meanwhile. */
export async function bigFile(b: Bench, mib: number, runs: number, label: string): Promise<string> {
  const product = await b.newGroup(`Bench ${label}`, 'pro');
  const local = path.join(b.tmp, `${label}.bin`);
  const back = path.join(b.tmp, `${label}.back`);
  randomFile(local, mib);
  const bytes = mib * MIB;
  const auth = `${b.email}:${b.token}`;
  const rss = new RssSampler(b.pids.disk);
  const gatewayRss = new RssSampler(b.pids.gateway);
  const idle = rss.now();
  const speeds = { put: { product: [] as number[], apache: [] as number[] }, get: { product: [] as number[], apache: [] as number[] } };
  const rssMax = { put: 0, get: 0, gateway: 0 };
  const cpuUsed = { put: { gateway: 0, disk: 0, apache: 0 }, get: { gateway: 0, disk: 0, apache: 0 } };
  for (let i = 0; i < runs; i++) {
    for (const op of ['put', 'get'] as const) {
      if (!wanted(op) && !(op === 'put' && i === 0)) continue; // GET alone still needs the file there once
      // other bytes each run: the product keeps bytes it holds already without writing them again, Apache rewrites them
      if (op === 'put') newHead(local);
      for (const side of ['product', 'apache'] as const) {
        const url = `${side === 'product' ? product : b.apache.url}${label}.bin`;
        if (side === 'product') {
          rss.start();
          gatewayRss.start();
        }
        const before = b.cpu();
        // a GET is timed into /dev/null, as a server's throughput (the bytes are checked once after the runs)
        const r = await curl(op === 'put' ? 'PUT' : 'GET', url, op === 'put' ? local : '/dev/null', side === 'product' ? auth : undefined);
        const after = b.cpu();
        if (side === 'product') {
          rssMax[op] = Math.max(rssMax[op], rss.stop());
          rssMax.gateway = Math.max(rssMax.gateway, gatewayRss.stop());
          cpuUsed[op].gateway += after.gateway - before.gateway;
          cpuUsed[op].disk += after.disk - before.disk;
        } else cpuUsed[op].apache += after.apache - before.apache;
        if (r.status < 200 || r.status > 299 || r.bytes !== bytes) throw new Error(`${side} ${op} ${label}: ${r.status}, ${r.bytes} bytes`);
        speeds[op][side].push(bytes / MIB / r.seconds);
      }
    }
  }
  const sent = await sha256(local);
  for (const url of [`${product}${label}.bin`, `${b.apache.url}${label}.bin`]) {
    await curl('GET', url, back, url.startsWith(product) ? auth : undefined);
    if ((await sha256(back)) !== sent) throw new Error(`GET ${url}: other bytes than were sent`);
  }
  rmSync(back, { force: true });
  rmSync(local, { force: true });
  const n = (xs: number[]) => xs.length;
  if (n(speeds.put.product)) b.rows.push({ measure: `PUT ${mib} MiB (median of ${n(speeds.put.product)})`, product: median(speeds.put.product), apache: median(speeds.put.apache), unit: 'MiB/s', target: { ratioAtLeast: 0.8, text: '≥ 0.8× Apache' } });
  if (n(speeds.get.product)) b.rows.push({ measure: `GET ${mib} MiB (median of ${n(speeds.get.product)})`, product: median(speeds.get.product), apache: median(speeds.get.apache), unit: 'MiB/s', target: { ratioAtLeast: 0.5, text: '≥ 0.5× Apache' } });
  const rssTarget = { absolute: 150e6, text: '≤ 150 MB' };
  if (n(speeds.put.product)) b.rows.push({ measure: `disk service RSS max, ${mib} MiB PUTs`, product: rssMax.put / 1e6, apache: null, unit: 'MB', target: rssTarget });
  if (n(speeds.get.product)) b.rows.push({ measure: `disk service RSS max, ${mib} MiB GETs`, product: rssMax.get / 1e6, apache: null, unit: 'MB', target: rssTarget });
  const all = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const each = (s: number, count: number) => (count ? (s / count).toFixed(2) : '—');
  b.notes.push(
    `${mib} MiB: product PUT ${all(speeds.put.product)} / GET ${all(speeds.get.product)} MiB/s; Apache PUT ${all(speeds.put.apache)} / GET ${all(speeds.get.apache)} MiB/s; ` +
      `CPU a transfer: PUT gateway ${each(cpuUsed.put.gateway, n(speeds.put.product))} s + disk ${each(cpuUsed.put.disk, n(speeds.put.product))} s ` +
      `(Apache ${each(cpuUsed.put.apache, n(speeds.put.apache))} s), GET gateway ${each(cpuUsed.get.gateway, n(speeds.get.product))} s + disk ` +
      `${each(cpuUsed.get.disk, n(speeds.get.product))} s (Apache ${each(cpuUsed.get.apache, n(speeds.get.apache))} s); ` +
      `disk RSS ${(idle / 1e6).toFixed(0)} MB before them; gateway RSS max ${(rssMax.gateway / 1e6).toFixed(0)} MB`,
  );
  return product;
}

/** A 2 GiB PUT announced to a group: more than any plan's drive storage (1 GB), so refused before a byte is sent. */
async function twoGiB(b: Bench, group: string): Promise<void> {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${group}two-gib.bin`, { method: 'PUT', headers: { ...b.basic, 'content-length': String(2048 * MIB) } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on('error', reject);
    req.flushHeaders();
  });
  b.notes.push(`2 GiB PUT announced to a pro group (1 GB of drive storage): answered ${status} before any byte was sent`);
}

/** rclone copy of 400 × 1 MiB files in 20 folders up to a new folder and down again, checked byte for byte. */
export async function rcloneCopy(b: Bench): Promise<void> {
  const tree = path.join(b.tmp, 'tree');
  for (let d = 0; d < TREE_DIRS; d++) {
    mkdirSync(path.join(tree, `dir-${d}`), { recursive: true });
    for (let f = 0; f < TREE_FILES; f++) writeFileSync(path.join(tree, `dir-${d}`, `file-${f}.bin`), randomBytes(MIB));
  }
  const local = await digest(tree);
  const { stdout: obscured } = await run('rclone', ['obscure', b.token]);
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(b.tmp, 'rclone.conf'),
    RCLONE_CONFIG_APACHE_TYPE: 'webdav',
    RCLONE_CONFIG_APACHE_URL: b.apache.url,
    RCLONE_CONFIG_APACHE_VENDOR: 'other',
    RCLONE_CONFIG_PRODUCT_TYPE: 'webdav',
    RCLONE_CONFIG_PRODUCT_VENDOR: 'other',
    RCLONE_CONFIG_PRODUCT_USER: b.email,
    RCLONE_CONFIG_PRODUCT_PASS: obscured.trim(),
  };
  const times = { up: { product: [] as number[], apache: [] as number[] }, down: { product: [] as number[], apache: [] as number[] } };
  for (let i = 0; i < RCLONE_RUNS; i++) {
    // a pro group a run: 400 MiB twice passes its 1 GB (versions and trash count)
    const productUrl = await b.newGroup(`Bench rclone ${i}`, 'pro');
    for (const side of ['product', 'apache'] as const) {
      const remote = `${side.toUpperCase()}:run-${i}`;
      const sideEnv = side === 'product' ? { ...env, RCLONE_CONFIG_PRODUCT_URL: productUrl } : env;
      const rclone = async (from: string, to: string) => {
        const t0 = performance.now();
        await run('rclone', ['copy', from, to, '--retries', '1'], { env: sideEnv, timeout: 600_000, maxBuffer: 16 << 20 });
        return (performance.now() - t0) / 1000;
      };
      const down = path.join(b.tmp, `down-${side}-${i}`);
      times.up[side].push(await rclone(tree, remote));
      times.down[side].push(await rclone(remote, down));
      const got = await digest(down);
      if (got.size !== local.size || [...local].some(([k, v]) => got.get(k) !== v)) throw new Error(`rclone ${side} run ${i}: ${got.size} files came back, not the ${local.size} sent`);
      rmSync(down, { recursive: true, force: true });
    }
  }
  rmSync(tree, { recursive: true, force: true });
  const target = { ratioAtMost: 1.2, text: '≤ 1.2× Apache' };
  b.rows.push({ measure: `rclone copy up ${TREE_DIRS * TREE_FILES} × 1 MiB (median of ${RCLONE_RUNS})`, product: median(times.up.product), apache: median(times.up.apache), unit: 's', target });
  b.rows.push({ measure: `rclone copy down ${TREE_DIRS * TREE_FILES} × 1 MiB (median of ${RCLONE_RUNS})`, product: median(times.down.product), apache: median(times.down.apache), unit: 's', target });
  const all = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  b.notes.push(`rclone (--transfers 4, the default): product up ${all(times.up.product)} / down ${all(times.down.product)} s; Apache up ${all(times.up.apache)} / down ${all(times.down.apache)} s`);
}

async function print(b: Bench): Promise<void> {
  const [load1] = os.loadavg();
  const version = (await run('/usr/sbin/apache2', ['-v'])).stdout.match(/Apache\/[\d.]+/)?.[0];
  console.log(`\nbench/dav: product (gateway → disk, Basic auth) vs ${version} mod_dav (no auth), ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  console.log(`${'measure'.padEnd(44)} ${'product'.padStart(12)} ${'Apache'.padStart(12)} ${'ratio'.padStart(6)}  ${'target'.padEnd(14)} result`);
  for (const r of b.rows) {
    const ratio = r.apache ? r.product / r.apache : NaN;
    const met = r.target.absolute !== undefined ? r.product <= r.target.absolute / 1e6 : r.target.ratioAtMost !== undefined ? ratio <= r.target.ratioAtMost : ratio >= r.target.ratioAtLeast!;
    console.log(
      `${r.measure.padEnd(44)} ${`${fmt(r.product)} ${r.unit}`.padStart(12)} ${(r.apache === null ? '—' : `${fmt(r.apache)} ${r.unit}`).padStart(12)} ${(Number.isNaN(ratio) ? '—' : ratio.toFixed(2)).padStart(6)}  ${r.target.text.padEnd(14)} ${met ? 'met' : 'NOT MET'}`,
    );
  }
  for (const n of b.notes) console.log(`- ${n}`);
  if (load1 > os.cpus().length) console.log(`- the machine was busy (load ${load1.toFixed(1)} on ${os.cpus().length} cores): the figures are noisy`);
}

async function main() {
  const b = await setUp();
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('interrupted: cleaning up');
    void b.close().then(() => process.exit(130));
  });
  try {
    // the transfers first: the RSS they are measured by is then theirs, not the heap the PROPFINDs grew (see propfind)
    if (wanted('put') || wanted('get')) await bigFile(b, BIG_FILE_MIB, BIG_RUNS, 'big200');
    if (process.env.BIG) await twoGiB(b, await bigFile(b, BIG_MIB, 1, `big${BIG_MIB}`));
    if (wanted('propfind')) await propfind(b);
    if (wanted('rclone')) await rcloneCopy(b);
    await print(b);
  } finally {
    if (!interrupted) await b.close();
  }
}

/** CPU seconds of Apache: its parent and its worker processes. */
function apacheCpu(parent: number): number {
  let total = cpuSecondsOf(parent);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.split(') ')[1].split(' ')[1]) === parent) total += cpuSecondsOf(Number(entry));
    } catch {
      /* gone */
    }
  }
  return total;
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
