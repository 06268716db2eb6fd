import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { SmtpSink } from '@app/platform/mail/testing/smtp-sink';
import { preamble, ROOT } from '@app/platform/testing/source-process';
import { Browser, linkToken, PASSWORD, sleep } from './harness';

// Supervision as `make up` runs it: every service and the gateway as processes of their own under pm2, with the
// ecosystem and restart policy of infra/supervisor.js (the entry points run from their sources, so no build is
// needed). Under a steady write load through the gateway, each service and then the gateway is killed with SIGKILL:
// each must answer again with nobody doing anything, and every write that was acknowledged (2xx) must be readable
// afterwards. Without a supervisor the killed process stays dead and the test fails at the first kill. How long each
// took is printed, not asserted (it depends on the machine's load: 0.8–1.4 s idle, 2–4.5 s at load 10; a figure, not
// a rule a test can hold under any load): the test's bound is only the 20 s that tell "back" from "stays dead".
//
// Its own pm2 (PM2_HOME in a temporary folder), NATS prefix, ports and database names: it never meets a `make up`
// stack on the same machine nor another test file. The pm2 daemon is killed in afterAll, also when a test fails
// (KEEP_SUPERVISION_LOGS=1 keeps the processes' logs and pm2's in the temporary folder it prints).

const SUPERVISOR = path.join(ROOT, 'infra', 'supervisor.js');
const SERVICES = ['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader', 'notes'] as const;
type Service = (typeof SERVICES)[number];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(tmpdir(), 'sd-supervision-'));
const home = path.join(work, 'pm2');
const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_e2e_supervision`;
const sink = new SmtpSink();
let env: NodeJS.ProcessEnv;
let url: string;

/** infra/supervisor.js on this test's own pm2. */
function supervisor(args: string[], input?: string): string {
  const r = spawnSync(process.execPath, [SUPERVISOR, ...args], { env: { ...env, SUPERVISOR_HOME: home }, input, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`supervisor ${args.join(' ')}: ${r.status} ${r.stderr} ${r.stdout}`);
  return r.stdout;
}

/** name → pid and restart count of the processes pm2 runs. */
const processes = () =>
  new Map(
    supervisor(['names'])
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' '))
      .map(([name, pid, restarts]) => [name, { pid: Number(pid), restarts: Number(restarts) }]),
  );

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const ready = () => fetch(`${url}/_up`).then((r) => (r.status === 200 ? true : undefined));

/** The end of each process's log and of pm2's, for a failure's message. */
function tailLogs(): string {
  const files = [...[...SERVICES, 'gateway'].map((n) => path.join(work, 'logs', `${n}.log`)), path.join(home, 'pm2.log')];
  return files
    .filter((f) => existsSync(f))
    .map((f) => `---- ${path.basename(f)}\n${readFileSync(f, 'utf8').split('\n').slice(-15).join('\n')}`)
    .join('\n');
}

beforeAll(async () => {
  const [gatewayPort, diskPort, smtpPort] = [await freePort(), await freePort(), await sink.start()];
  const logs = path.join(work, 'logs');
  mkdirSync(logs);
  url = `http://127.0.0.1:${gatewayPort}`;
  env = {
    ...process.env,
    APP_PREFIX: prefix,
    APP_VERSION: '0.0.0-supervision',
    GATEWAY_PORT: String(gatewayPort),
    PUBLIC_URL: 'http://app.test',
    API_URL: url,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    DISK_DATA_DIR: path.join(work, 'disk'),
    DISK_HTTP_PORT: String(diskPort),
    DISK_HTTP_URL: `http://127.0.0.1:${diskPort}`,
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
    // a call in flight to a process killed under it fails after 3 s, not 15 (it was never acknowledged)
    RPC_TIMEOUT_MS: '3000',
    LOG_LEVEL: 'warn',
  };
  // each entry point from its sources (source-process.ts's preamble); resolved from the repository's node_modules
  const lines = [...SERVICES.map((s) => [s, `services/${s}/src/main.ts`]), ['gateway', 'gateway/src/main.ts']].map(([name, entry]) => {
    const runner = path.join(work, `${name}.js`);
    writeFileSync(runner, `module.paths.unshift(${JSON.stringify(path.join(ROOT, 'node_modules'))});\n${preamble(entry)}`);
    return [name, ROOT, runner, path.join(logs, `${name}.log`)].join('\t');
  });
  writeFileSync(path.join(work, 'apps.json'), supervisor(['apps'], lines.join('\n')));
  supervisor(['pm2', 'start', path.join(work, 'apps.json')]);
  await until('the gateway and every service ready', ready, 60_000).catch((e: Error) => {
    throw new Error(`${e.message}\n${tailLogs()}`);
  });
}, 90_000);

afterAll(async () => {
  try {
    spawnSync(process.execPath, [SUPERVISOR, 'pm2', 'kill'], { env: { ...env, SUPERVISOR_HOME: home }, timeout: 30_000 });
  } finally {
    await sink.stop();
    if (process.env.KEEP_SUPERVISION_LOGS) console.log(`logs kept in ${work}/logs`);
    else rmSync(work, { recursive: true, force: true });
  }
}, 40_000);

/** An acknowledged write: which service, when it was sent, and the path that reads it back (none: the group's name). */
interface Ack {
  service: Service;
  sentAt: number;
  read?: string;
}

it('kill -9 of each service and of the gateway under a steady write load: each answers again unattended (the time printed), and every acknowledged write reads back', async () => {
  // a confirmed user with a group, signed in
  const browser = new Browser(url);
  const email = `supervision-${Date.now().toString(36)}@example.com`;
  expect((await browser.post('/_users', { email, fullname: 'Sup Ervisor', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' })).status).toBe(201);
  const confirm = linkToken(await sink.waitFor(email), 'confirm');
  expect((await browser.post(`/_users/_confirm/${encodeURIComponent(confirm)}`)).status).toBe(200);
  expect((await browser.post('/_session', { username: email, password: PASSWORD })).status).toBe(200);
  const userId = (await browser.get('/_session')).body.userCtx.roles.find((r: string) => r.startsWith('usr-'));
  const group = await browser.post('/accounts', { name: 'Group 0' });
  expect(group.status).toBe(201);
  const db = group.body.id as string;
  // the reader is off for a new group (exoreader) and refuses its API then (issue 26 #5): switched on
  const reader = (await browser.post(`/${db}/_find`, { selector: { klass: 'AccountConfiguration', key: 'exoreader' } })).body.docs[0];
  expect((await browser.put(`/${db}/${reader._id}?rev=${reader._rev}`, { value: true })).status).toBe(200);
  let groupRev = group.body.rev as string;
  let groupNamed = 0; // the last acknowledged `Group <n>`

  // one write of a service's own documents; undefined when not acknowledged (refused, or lost with a killed process)
  const refusals: Record<string, number> = {};
  const write = async (service: Service, i: number): Promise<Omit<Ack, 'sentAt'> | undefined> => {
    const send = (method: 'post' | 'put', where: string, doc: unknown) => browser[method](where, doc).catch(() => ({ status: 0, body: undefined }));
    const res = await {
      identity: () => send('post', `/${userId}`, { klass: 'UserToken', description: `token ${i}`, permissions: ['read'] }),
      // a free user has at most 5 groups: the accounts service's write is the group's name, one writer in turn
      accounts: () => send('put', `/accounts/${db}?rev=${groupRev}`, { name: `Group ${i}` }),
      tickets: () => send('post', `/${db}`, { klass: 'Customer', name: `Customer ${i}` }),
      disk: () => send('post', `/${db}`, { klass: 'CloudFile', kind: 'dir', name: `Folder ${i}` }),
      finance: () => send('post', `/${db}`, { klass: 'Wallet', name: `Wallet ${i}`, currency: 'BRL', start_balance: i }),
      reader: () => send('post', `/${db}`, { klass: 'ReaderLabel', name: `Label ${i}` }),
      notes: () => send('post', `/${db}`, { klass: 'Handbook', title: `Handbook ${i}`, content: `Page ${i}.` }),
    }[service]();
    if (res.status < 200 || res.status > 299) {
      refusals[`${service} ${res.status}`] = (refusals[`${service} ${res.status}`] ?? 0) + 1;
      // a rename that was stored but whose answer was lost: go on from the stored revision
      if (service === 'accounts' && res.status === 409) groupRev = (await browser.get(`/accounts/${db}`)).body._rev ?? groupRev;
      return undefined;
    }
    if (service === 'accounts') {
      groupRev = res.body.rev;
      groupNamed = i;
      return { service };
    }
    const id = res.body.id as string;
    return { service, read: service === 'identity' ? `/${userId}/${id}` : `/${db}/${id}` };
  };

  // the steady load: one writer per service, a write every ~200 ms each (about 30 a second), all through the gateway
  const acks: Ack[] = [];
  let writing = true;
  const writers = SERVICES.map(async (service) => {
    for (let i = 1; writing; i++) {
      const sentAt = Date.now();
      const ack = await write(service, i).catch(() => undefined);
      if (ack) acks.push({ ...ack, sentAt });
      await sleep(200);
    }
  });

  // restarts before the kills: a service may have been restarted already at start-up (two migrating the same fresh
  // database at once can fail, pm2 starts the loser again: supervision doing its job)
  const before = processes();
  const backAfter: Record<string, number> = {};
  try {
    for (const target of [...SERVICES, 'gateway'] as const) {
      await until('everything ready before the next kill', ready, 20_000);
      const pid = processes().get(target)!.pid;
      expect(pid).toBeGreaterThan(0);
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      // answering again: a write to it (any write, for the gateway) sent after the kill is acknowledged
      const back = await until(`${target} answering again`, async () => acks.find((a) => a.sentAt > killedAt && (target === 'gateway' || a.service === target)), 20_000).catch(
        (e: Error) => {
          throw new Error(`${e.message} (not acknowledged: ${JSON.stringify(refusals)})\n${tailLogs()}`);
        },
      );
      backAfter[target] = Date.now() - killedAt;
      expect(back).toBeDefined();
      expect(processes().get(target)!.pid).not.toBe(pid); // a new process, started by pm2
    }
  } finally {
    writing = false;
    await Promise.all(writers);
  }

  console.log(`back after kill -9 (ms): ${JSON.stringify(backAfter)}; writes acknowledged: ${acks.length}, not: ${JSON.stringify(refusals)}`);
  for (const s of SERVICES) expect(acks.filter((a) => a.service === s).length).toBeGreaterThan(2);

  // every acknowledged write is there (the gateway and the services are all up again)
  await until('everything ready', ready, 20_000);
  const missing: Ack[] = [];
  const reads = acks.filter((a) => a.read);
  for (let i = 0; i < reads.length; i += 20) {
    const answers = await Promise.all(reads.slice(i, i + 20).map(async (a) => ((await browser.get(a.read!)).status === 200 ? undefined : a)));
    missing.push(...answers.filter((a): a is Ack => a !== undefined));
  }
  expect(missing).toEqual([]);
  // the group's name: the last acknowledged one, or a later one whose answer was lost
  const named = Number(/^Group (\d+)$/.exec((await browser.get(`/accounts/${db}`)).body.name)?.[1]);
  expect(named).toBeGreaterThanOrEqual(groupNamed);

  // each restart is counted: app_process_restarts of every new process in GET /metrics (from loopback: no token)
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const restarts = Object.fromEntries(
    [...metrics.matchAll(/^app_process_restarts\{[^}]*service="([a-z]+)"[^}]*\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
  expect(restarts).toEqual(Object.fromEntries([...SERVICES, 'gateway'].map((s) => [s, before.get(s)!.restarts + 1])));
}, 120_000);
