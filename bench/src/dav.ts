// bench/dav: the product's WebDAV (gateway → disk service, `/dav/{account_id}/`, HTTP Basic with a user's e-mail and
// a user token) against Apache httpd with mod_dav (Debian's apache2, started here from a generated config on a free
// port, no authentication), on the same machine in the same run, each measure alternating product and Apache so a
// change of the machine's load falls on both; each side records the load average while it ran (bench/floor.ts), and a
// ratio whose sides saw very different loads is printed as not compared:
// - PUT and GET of a 200 MiB file with curl (GET into /dev/null): MiB/s (targets PUT ≥ 0.8×, GET ≥ 0.5× Apache's),
//   and the disk service's RSS meanwhile (/proc/<pid>/status VmRSS every 100 ms; target ≤ 150 MB). The GETs alternate
//   with the disk service alone (its own HTTP server, signed as the gateway signs: where the time goes) and floors of
//   Node itself, run as processes of their own (startNodeFloors): the disk service through a bare TCP relay (the least
//   any relay in Node can do), a bare file server (fs.createReadStream piped into the answer) and a bare relay in front
//   of it (http.request piped back), the product's hop count without its work;
// - BIG=1: also PUT and GET of BIG_MIB (default 950) MiB with the RSS maximum, and a 2 GiB PUT announced (the plans'
//   largest drive storage is 1 GB, so the product refuses it up front with 507, as it should);
// - PROPFIND Depth 1 (allprop) on a folder of 1,000 files: median and p95 (target ≤ 3× Apache);
// - rclone copy of 400 × 1 MiB files (20 folders) up and down: seconds (target ≤ 1.2× Apache's);
// - the young generation V8 gives a loading process with and without the disk's --optimize-for-size, and the dead
//   stream buffers with and without young collections (figures: V8's heuristics, which once were flaky tests).
// Prints figures, not a test. setUp() and the measures are exported for ad-hoc scripts (profiles, heap snapshots).
//
// Needs the backends built (the npm script does it), PostgreSQL, Redis and NATS on 127.0.0.1, apache2, curl and rclone.
// Uses its own database, APP_PREFIX and temporary folder, and removes them and its processes when done. Run:
// `npm run bench:dav` (env RUNS (PROPFIND, default 30), BIG_RUNS (200 MiB, default 5), RCLONE_RUNS (default 3),
// ONLY=<regex of propfind|put|get|rclone|heap>, BIG=1, PROFILE=<dir> for CPU profiles of the product's processes).
import { ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, chownSync, closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { signCaller } from '@app/platform';
import { FloorRow, measured, printFloorTable, SideLoad } from './floor';
import { cpuSecondsOf } from './load';
import { benchStack, gatewayEnv, percentile, productNodeFlags, ROOT, waitUntil } from './stack';

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

/** curl PUT (-T) or GET of one big file (with Basic `auth`, or these headers): its status, seconds and bytes moved. */
async function curl(method: 'PUT' | 'GET', url: string, file: string, auth?: string | Record<string, string>): Promise<{ seconds: number; bytes: number; status: number }> {
  const args = ['-sS', '-o', method === 'GET' ? file : '/dev/null', '-w', '%{http_code} %{time_total} %{size_upload} %{size_download}', '-H', 'Expect:'];
  if (typeof auth === 'string') args.push('-u', auth);
  else for (const [name, value] of Object.entries(auth ?? {})) args.push('-H', `${name}: ${value}`);
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

/** A figure of the product's alone, with its bound (the disk's RSS). */
interface Limit {
  measure: string;
  value: number;
  unit: string;
  atMost: number;
}

/** The runs of one side of a measure: the load around each, combined as the first start, the last end, their mean. */
class SideRuns {
  private readonly loads: SideLoad[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    const { value, load } = await measured(work);
    this.loads.push(load);
    return value;
  }

  get load(): SideLoad {
    if (!this.loads.length) return { start: NaN, end: NaN, mean: NaN };
    return { start: this.loads[0].start, end: this.loads[this.loads.length - 1].end, mean: this.loads.reduce((a, l) => a + l.mean, 0) / this.loads.length };
  }
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
  /** what the floor column names: `Apache/2.4.x mod_dav (no auth)` */
  apacheName: string;
  /**
   * The address of a product URL at the disk service's own HTTP server and the headers the gateway would sign into
   * the request (the user's caller, one minute): the disk alone, without the gateway's hop.
   */
  atDisk(productUrl: string, method: string): { url: string; headers: Record<string, string> };
  /** a new group's WebDAV address (pro: 1 GB of drive storage, set as the billing flow would, before the disk asks) */
  newGroup(name: string, plan: 'free' | 'pro'): Promise<string>;
  /** CPU seconds used so far by the gateway, the disk service and Apache */
  cpu(): { gateway: number; disk: number; apache: number };
  rows: FloorRow[];
  limits: Limit[];
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
    ...gatewayEnv(gatewayPort, smtpPort),
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
    const apacheName = `${(await run('/usr/sbin/apache2', ['-v'])).stdout.match(/Apache\/[\d.]+/)?.[0] ?? 'Apache'} mod_dav (no auth)`;

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
      apacheName,
      atDisk(productUrl, method) {
        const { pathname } = new URL(productUrl);
        const accountId = pathname.split('/')[2];
        const ctx = { user_id: userId, db: accountId, roles: [userId, 'user', accountId], admin: true, token: null, request_id: randomUUID() };
        return { url: `http://127.0.0.1:${diskPort}${pathname}`, headers: signCaller(ctx, String(stack.env.INTERNAL_SECRET), method, pathname) };
      },
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
      limits: [],
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
  const loads = { product: new SideRuns(), apache: new SideRuns() };
  for (let i = -3; i < RUNS; i++) {
    for (const side of sides) {
      const before = b.cpu();
      const r = await loads[side.name as 'product'].run(() => request(`${side.url}many/`, 'PROPFIND', { ...side.headers, depth: '1' }));
      const after = b.cpu();
      if (r.status !== 207 || responses(r.body) !== FILES + 1) throw new Error(`${side.name} PROPFIND: ${r.status}, ${responses(r.body)} responses`);
      if (i < 0) continue; // warm-up
      times[side.name].push(r.ms);
      sizes[side.name as 'product'] = r.body.length;
      if (side.name === 'product') used.product += after.gateway - before.gateway + after.disk - before.disk;
      else used.apache += after.apache - before.apache;
    }
  }
  const row = { unit: 'ms', productLoad: loads.product.load, floorLoad: loads.apache.load, better: 'lower', target: 3, floorName: b.apacheName } as const;
  b.rows.push({ ...row, measure: `PROPFIND depth 1, ${FILES} files, median`, product: median(times.product), floor: median(times.apache) });
  b.rows.push({ ...row, measure: `PROPFIND depth 1, ${FILES} files, p95`, product: p95(times.product), floor: p95(times.apache) });
  b.notes.push(
    `PROPFIND: ${RUNS} runs each after 3 warm-ups; reply ${(sizes.product / 1000).toFixed(0)} kB (Apache ${(sizes.apache / 1000).toFixed(0)} kB); ` +
      `CPU a PROPFIND: gateway + disk ${((used.product / RUNS) * 1000).toFixed(0)} ms, Apache ${((used.apache / RUNS) * 1000).toFixed(0)} ms (10 ms ticks); ` +
      `disk RSS ${(rssBefore / 1e6).toFixed(0)} MB before them, ${(disk.now() / 1e6).toFixed(0)} MB after`,
  );
}

// ---- the floors of Node itself --------------------------------------------------------------------------------------

/**
 * A bare Node server, run as a process of its own with the product's Node flags: `file <port> <path>` answers every
 * request with the file (fs.createReadStream, 1 MiB reads as the disk's blob store, piped into the answer); `relay
 * <port> <upstream port>` passes every request to the upstream server with http.request over kept-alive connections
 * and pipes the answer back (Node's defaults: what a minimal proxy does); `tcp <port> <upstream port>` passes the bytes
 * of each connection both ways without reading HTTP at all, the upstream's read into four 1 MiB buffers used again
 * once the client's socket has taken them: the least work any relay in Node can do (it has no splice or sendfile).
 */
const FLOOR_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const net = require('node:net');
const [mode, port, arg] = process.argv.slice(1);
let server;
if (mode === 'tcp') {
  server = net.createServer((client) => {
    const free = Array.from({ length: 4 }, () => Buffer.allocUnsafeSlow(1024 * 1024));
    let paused = false;
    const upstream = net.connect({
      host: '127.0.0.1',
      port: Number(arg),
      onread: {
        // the buffer of the next read: Node asks for it once the last read's callback has run
        buffer: () => free.pop() ?? Buffer.allocUnsafeSlow(1024 * 1024),
        callback: (bytes, buffer) => {
          client.write(buffer.subarray(0, bytes), () => {
            free.push(buffer);
            if (paused) {
              paused = false;
              upstream.resume();
            }
          });
          // reading stops while fewer than two buffers are free (one is taken for the next read)
          paused = free.length < 2;
          return !paused;
        },
      },
    });
    client.pipe(upstream);
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
} else if (mode === 'file') {
  server = http.createServer((req, res) => {
    req.resume();
    fs.stat(arg, (err, st) => {
      if (err) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': st.size });
      fs.createReadStream(arg, { highWaterMark: 1024 * 1024 }).pipe(res);
    });
  });
} else {
  const agent = new http.Agent({ keepAlive: true });
  server = http.createServer((req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: Number(arg), method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\\n'));
`;

interface NodeFloors {
  /** the bare file server's address of the file */
  file: string;
  /** the bare relay's, in front of the file server */
  relay: string;
  /** the bare TCP relay's origin, in front of the disk service's HTTP server */
  tcp: string;
  /** CPU seconds used so far by the file server, the relay and the TCP relay */
  cpu(): { file: number; relay: number; tcp: number };
  stop(): Promise<void>;
}

async function startNodeFloors(file: string, diskOrigin: string): Promise<NodeFloors> {
  const children: ChildProcess[] = [];
  const start = async (...args: string[]) => {
    const child = spawn(process.execPath, [...productNodeFlags(), '-e', FLOOR_SERVER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`bare Node ${args[0]} server exited with ${code}`)));
    });
    return child.pid!;
  };
  const [filePort, relayPort, tcpPort] = [await freePort(), await freePort(), await freePort()];
  const filePid = await start('file', String(filePort), file);
  const relayPid = await start('relay', String(relayPort), String(filePort));
  const tcpPid = await start('tcp', String(tcpPort), new URL(diskOrigin).port);
  return {
    file: `http://127.0.0.1:${filePort}/file`,
    relay: `http://127.0.0.1:${relayPort}/file`,
    tcp: `http://127.0.0.1:${tcpPort}`,
    cpu: () => ({ file: cpuSecondsOf(filePid), relay: cpuSecondsOf(relayPid), tcp: cpuSecondsOf(tcpPid) }),
    async stop() {
      await Promise.all(
        children.map((c) => (c.exitCode !== null ? undefined : new Promise<void>((resolve) => (c.once('exit', () => resolve()), c.kill())))),
      );
    },
  };
}

/**
 * PUT and GET of a file of `mib` MiB with curl, `runs` times each side, the disk service's RSS sampled meanwhile; each
 * GET run also times the bare Node file server and relay (startNodeFloors) on the same file.
 */
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
  const floors = wanted('get') ? await startNodeFloors(local, new URL(b.atDisk(product, 'GET').url).origin) : null;
  // the GETs: the product, Apache, the disk service alone (signed as the gateway signs) and through the bare TCP relay,
  // the bare Node file server and the bare relay before it
  const sides = { put: ['product', 'apache'], get: ['product', 'apache', 'disk', ...(floors ? ['tcpDisk', 'nodeFile', 'nodeRelay'] : [])] } as const;
  type Side = 'product' | 'apache' | 'disk' | 'tcpDisk' | 'nodeFile' | 'nodeRelay';
  const perSide = (): Record<Side, number[]> => ({ product: [], apache: [], disk: [], tcpDisk: [], nodeFile: [], nodeRelay: [] });
  const speeds = { put: perSide(), get: perSide() };
  const runsOf = (): Record<Side, SideRuns> => ({ product: new SideRuns(), apache: new SideRuns(), disk: new SideRuns(), tcpDisk: new SideRuns(), nodeFile: new SideRuns(), nodeRelay: new SideRuns() });
  const loads = { put: runsOf(), get: runsOf() };
  const rssMax = { put: 0, get: 0, gateway: 0 };
  const cpuUsed = { put: { gateway: 0, disk: 0, apache: 0 }, get: { gateway: 0, disk: 0, apache: 0, diskAlone: 0, tcp: 0, tcpDisk: 0, nodeFile: 0, nodeRelay: 0, relayFile: 0 } };
  try {
    for (let i = 0; i < runs; i++) {
      for (const op of ['put', 'get'] as const) {
        if (!wanted(op) && !(op === 'put' && i === 0)) continue; // GET alone still needs the file there once
        // other bytes each run: the product keeps bytes it holds already without writing them again, Apache rewrites them
        if (op === 'put') newHead(local);
        for (const side of sides[op] as readonly Side[]) {
          const disk = side === 'disk' || side === 'tcpDisk' ? b.atDisk(`${product}${label}.bin`, 'GET') : null;
          const viaTcp = disk && floors ? `${floors.tcp}${new URL(disk.url).pathname}` : undefined;
          const target = { product: `${product}${label}.bin`, apache: `${b.apache.url}${label}.bin`, disk: disk?.url, tcpDisk: viaTcp, nodeFile: floors?.file, nodeRelay: floors?.relay }[side]!;
          const credentials = side === 'product' ? auth : (disk?.headers ?? undefined);
          if (side === 'product') {
            rss.start();
            gatewayRss.start();
          }
          const before = { ...b.cpu(), ...floors?.cpu() };
          // a GET is timed into /dev/null, as a server's throughput (the bytes are checked once after the runs)
          const r = await loads[op][side].run(() => curl(op === 'put' ? 'PUT' : 'GET', target, op === 'put' ? local : '/dev/null', credentials));
          const after = { ...b.cpu(), ...floors?.cpu() };
          if (side === 'product') {
            rssMax[op] = Math.max(rssMax[op], rss.stop());
            rssMax.gateway = Math.max(rssMax.gateway, gatewayRss.stop());
            cpuUsed[op].gateway += after.gateway - before.gateway;
            cpuUsed[op].disk += after.disk - before.disk;
          } else if (side === 'apache') cpuUsed[op].apache += after.apache - before.apache;
          else if (side === 'disk') cpuUsed.get.diskAlone += after.disk - before.disk;
          else if (side === 'tcpDisk') {
            cpuUsed.get.tcp += after.tcp! - before.tcp!;
            cpuUsed.get.tcpDisk += after.disk - before.disk;
          }
          else if (side === 'nodeFile') cpuUsed.get.nodeFile += after.file! - before.file!;
          else {
            cpuUsed.get.nodeRelay += after.relay! - before.relay!;
            cpuUsed.get.relayFile += after.file! - before.file!;
          }
          if (r.status < 200 || r.status > 299 || r.bytes !== bytes) throw new Error(`${side} ${op} ${label}: ${r.status}, ${r.bytes} bytes`);
          speeds[op][side].push(bytes / MIB / r.seconds);
        }
      }
    }
  } finally {
    await floors?.stop();
  }
  const sent = await sha256(local);
  for (const url of [`${product}${label}.bin`, `${b.apache.url}${label}.bin`]) {
    await curl('GET', url, back, url.startsWith(product) ? auth : undefined);
    if ((await sha256(back)) !== sent) throw new Error(`GET ${url}: other bytes than were sent`);
  }
  rmSync(back, { force: true });
  rmSync(local, { force: true });
  const n = (xs: number[]) => xs.length;
  const mibs = { unit: 'MiB/s', better: 'higher' } as const;
  const versus = (op: 'put' | 'get', side: Side, floor: Side) => ({ product: median(speeds[op][side]), productLoad: loads[op][side].load, floor: median(speeds[op][floor]), floorLoad: loads[op][floor].load });
  if (n(speeds.put.product)) b.rows.push({ ...mibs, ...versus('put', 'product', 'apache'), measure: `PUT ${mib} MiB (median of ${n(speeds.put.product)})`, target: 0.8, floorName: b.apacheName });
  if (n(speeds.get.product)) {
    const count = n(speeds.get.product);
    const tcpName = 'the disk service through a bare Node TCP relay';
    b.rows.push({ ...mibs, ...versus('get', 'product', 'apache'), measure: `GET ${mib} MiB (median of ${count})`, target: 0.5, floorName: b.apacheName });
    if (floors) {
      b.rows.push({ ...mibs, ...versus('get', 'product', 'nodeRelay'), measure: `GET ${mib} MiB, product vs bare Node relay`, target: 0.9, floorName: 'bare Node relay (http.request → pipe), bare file server' });
      b.rows.push({ ...mibs, ...versus('get', 'product', 'tcpDisk'), measure: `GET ${mib} MiB, product vs disk via TCP relay`, target: 0.9, floorName: tcpName });
    }
    // where the time goes: the disk alone, and each floor against Apache
    b.rows.push({ ...mibs, ...versus('get', 'disk', 'apache'), measure: `GET ${mib} MiB, disk service alone vs Apache`, target: 0.5, floorName: b.apacheName });
    if (floors) {
      b.rows.push({ ...mibs, ...versus('get', 'tcpDisk', 'apache'), measure: `GET ${mib} MiB, disk via TCP relay vs Apache`, target: 0.5, floorName: b.apacheName });
      b.rows.push({ ...mibs, ...versus('get', 'nodeRelay', 'apache'), measure: `GET ${mib} MiB, bare Node relay vs Apache`, target: 0.5, floorName: b.apacheName });
      b.rows.push({ ...mibs, ...versus('get', 'nodeFile', 'apache'), measure: `GET ${mib} MiB, bare Node file server vs Apache`, target: 0.5, floorName: b.apacheName });
    }
  }
  if (n(speeds.put.product)) b.limits.push({ measure: `disk service RSS max, ${mib} MiB PUTs`, value: rssMax.put / 1e6, unit: 'MB', atMost: 150 });
  if (n(speeds.get.product)) b.limits.push({ measure: `disk service RSS max, ${mib} MiB GETs`, value: rssMax.get / 1e6, unit: 'MB', atMost: 150 });
  const all = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const each = (s: number, count: number) => (count ? (s / count).toFixed(2) : '—');
  b.notes.push(
    `${mib} MiB: product PUT ${all(speeds.put.product)} / GET ${all(speeds.get.product)} MiB/s; Apache PUT ${all(speeds.put.apache)} / GET ${all(speeds.get.apache)} MiB/s; ` +
      `CPU a transfer: PUT gateway ${each(cpuUsed.put.gateway, n(speeds.put.product))} s + disk ${each(cpuUsed.put.disk, n(speeds.put.product))} s ` +
      `(Apache ${each(cpuUsed.put.apache, n(speeds.put.apache))} s), GET gateway ${each(cpuUsed.get.gateway, n(speeds.get.product))} s + disk ` +
      `${each(cpuUsed.get.disk, n(speeds.get.product))} s (Apache ${each(cpuUsed.get.apache, n(speeds.get.apache))} s); ` +
      `disk RSS ${(idle / 1e6).toFixed(0)} MB before them; gateway RSS max ${(rssMax.gateway / 1e6).toFixed(0)} MB`,
  );
  if (n(speeds.get.disk)) {
    b.notes.push(
      `${mib} MiB GET, the disk service alone (its own HTTP server, signed as the gateway signs): ${all(speeds.get.disk)} MiB/s, CPU ` +
        `${each(cpuUsed.get.diskAlone, n(speeds.get.disk))} s a GET; the product (through the gateway) at ${(median(speeds.get.product) / median(speeds.get.disk)).toFixed(2)}× that`,
    );
  }
  if (floors && n(speeds.get.tcpDisk)) {
    b.notes.push(
      `${mib} MiB GET, the disk service through the bare TCP relay (no HTTP read, buffers used again): ${all(speeds.get.tcpDisk)} MiB/s, CPU a GET: ` +
        `relay ${each(cpuUsed.get.tcp, n(speeds.get.tcpDisk))} s + disk ${each(cpuUsed.get.tcpDisk, n(speeds.get.tcpDisk))} s; the product at ` +
        `${(median(speeds.get.product) / median(speeds.get.tcpDisk)).toFixed(2)}× that`,
    );
  }
  if (floors && n(speeds.get.nodeFile)) {
    b.notes.push(
      `${mib} MiB GET, bare Node: file server ${all(speeds.get.nodeFile)} MiB/s, relay before it ${all(speeds.get.nodeRelay)} MiB/s; CPU a GET: file server ` +
        `${each(cpuUsed.get.nodeFile, n(speeds.get.nodeFile))} s alone, relay ${each(cpuUsed.get.nodeRelay, n(speeds.get.nodeRelay))} s + its file server ` +
        `${each(cpuUsed.get.relayFile, n(speeds.get.nodeRelay))} s (CPU: user + system, 10 ms ticks; curl's own is not counted on any side)`,
    );
  }
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
  const loads = { up: { product: new SideRuns(), apache: new SideRuns() }, down: { product: new SideRuns(), apache: new SideRuns() } };
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
      times.up[side].push(await loads.up[side].run(() => rclone(tree, remote)));
      times.down[side].push(await loads.down[side].run(() => rclone(remote, down)));
      const got = await digest(down);
      if (got.size !== local.size || [...local].some(([k, v]) => got.get(k) !== v)) throw new Error(`rclone ${side} run ${i}: ${got.size} files came back, not the ${local.size} sent`);
      rmSync(down, { recursive: true, force: true });
    }
  }
  rmSync(tree, { recursive: true, force: true });
  const row = { unit: 's', better: 'lower', target: 1.2, floorName: b.apacheName } as const;
  for (const way of ['up', 'down'] as const) {
    b.rows.push({
      ...row,
      measure: `rclone copy ${way} ${TREE_DIRS * TREE_FILES} × 1 MiB (median of ${RCLONE_RUNS})`,
      product: median(times[way].product),
      productLoad: loads[way].product.load,
      floor: median(times[way].apache),
      floorLoad: loads[way].apache.load,
    });
  }
  const all = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  b.notes.push(`rclone (--transfers 4, the default): product up ${all(times.up.product)} / down ${all(times.down.product)} s; Apache up ${all(times.up.apache)} / down ${all(times.down.apache)} s`);
}

/**
 * The young generation V8 gives a process that allocates as loading the disk's modules does (a lot, some of it kept),
 * with --optimize-for-size set at run time as the disk's main does (services/disk/src/heap-for-size.ts) and without:
 * the figure that flag is for (1 MiB with it, 32 without, on an idle machine, 2026-11-28). Measured, not asserted: V8
 * sizes the young generation by heuristics that the machine's load moves (a clean-clone CI saw 32 MiB with the flag,
 * issue 24), so this was a flaky test and is a printed figure; the test (heap-for-size.spec.ts) checks that the disk's
 * main sets the flag before its modules load.
 */
export function youngGeneration(b: Bench): void {
  const load = `
    const kept = [];
    let garbage = [];
    for (let i = 0; i < 2e6; i++) {
      garbage.push({ a: i, b: 'x' + i });
      if (i % 30 === 0) kept.push(garbage[garbage.length - 1]);
      if (garbage.length > 1e5) garbage = [];
    }
    const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size));
  `;
  const youngMiB = (flag: boolean) => {
    const script = (flag ? `require('node:v8').setFlagsFromString('--optimize-for-size');` : '') + load;
    const child = spawnSync(process.execPath, ['--single-threaded-gc', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    return child.status === 0 ? (Number(child.stdout) / MIB).toFixed(0) : `failed (${child.stderr.trim().split('\n')[0]})`;
  };
  b.notes.push(`V8 young generation of a process loading as the disk does: ${youngMiB(true)} MiB with --optimize-for-size set at run time (the disk's), ${youngMiB(false)} MiB without`);
}

/**
 * The dead buffers a 200 MiB stream of 16 kB chunks piles up (outside V8's heap, ArrayBuffers) when nothing but V8
 * decides when to collect, and with a young collection every 4 MiB counted (@app/platform youngCollections, the disk's
 * streamedBytes): the figure those collections are for (~50 MB of them during a 200 MiB transfer before). Measured in a
 * child process, not asserted: when V8 collects by itself and when its sweeper frees the bytes depend on the machine.
 */
export function streamedBuffers(b: Bench): void {
  const script = `
    const { youngCollections } = require(${JSON.stringify(path.join(ROOT, 'services/platform/dist/memory/young-collections.js'))});
    const CHUNK = 16 * 1024, TOTAL = 200 * 1024 * 1024;
    const peakDead = (count) => {
      const base = process.memoryUsage().arrayBuffers;
      let peak = 0;
      for (let n = 0; n < TOTAL; n += CHUNK) {
        const chunk = Buffer.allocUnsafeSlow(CHUNK);
        chunk[0] = n & 0xff;
        count(chunk.length);
        if (n % (64 * CHUNK) === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
      }
      return peak;
    };
    const uncounted = peakDead(() => undefined);
    const counted = peakDead(youngCollections(4 * 1024 * 1024));
    process.stdout.write(JSON.stringify({ uncounted, counted }));
  `;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 120_000 });
  if (child.status !== 0) {
    b.notes.push(`dead stream buffers: failed (${child.stderr.trim().split('\n')[0]})`);
    return;
  }
  const { uncounted, counted } = JSON.parse(child.stdout) as { uncounted: number; counted: number };
  b.notes.push(
    `dead 16 kB chunks at most while 200 MiB streamed: ${(uncounted / 1e6).toFixed(0)} MB left to V8, ${(counted / 1e6).toFixed(0)} MB with a young collection every 4 MiB (youngCollections)`,
  );
}

function print(b: Bench): void {
  printFloorTable(`bench/dav: product (gateway → disk, Basic auth) vs ${b.apacheName} and bare Node`, b.rows);
  for (const l of b.limits) {
    console.log(`${l.measure.padEnd(44)} ${`${l.value.toFixed(0)} ${l.unit}`.padStart(14)}  ≤ ${l.atMost} ${l.unit}: ${l.value <= l.atMost ? 'met' : 'NOT met'}`);
  }
  for (const n of b.notes) console.log(`- ${n}`);
}

async function main() {
  const b = await setUp();
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('interrupted: cleaning up');
    b.close()
      .catch((err: unknown) => console.error('cleaning up failed:', err))
      .finally(() => process.exit(130));
  });
  try {
    // the transfers first: the RSS they are measured by is then theirs, not the heap the PROPFINDs grew (see propfind)
    if (wanted('put') || wanted('get')) await bigFile(b, BIG_FILE_MIB, BIG_RUNS, 'big200');
    if (process.env.BIG) await twoGiB(b, await bigFile(b, BIG_MIB, 1, `big${BIG_MIB}`));
    if (wanted('propfind')) await propfind(b);
    if (wanted('rclone')) await rcloneCopy(b);
    if (wanted('heap')) {
      youngGeneration(b);
      streamedBuffers(b);
    }
    print(b);
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
