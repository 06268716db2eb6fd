// bench/feeds: one refresh of FEEDS feeds × ITEMS items by the reader service's fetcher, storage included. A fixture
// server in this process answers every feed after LATENCY_MS (20 ms), with ETag and Last-Modified, and 304 to a
// request that names them; the feeds are spread over HOSTS loopback addresses (127.0.0.x, one server each on one
// port), as a real list of feeds is spread over sites, so the fetcher's limit of requests per host applies as it would.
// FIXTURE (feed-fixtures.ts): heavy (the default: half Atom, half RSS, entries of 1–2 kB of full-text HTML, ~43 kB a
// feed; issue 30 #2) or short (RSS with ~1 kB entries, ~20 kB a feed; issue 15).
// The subscriptions come from an OPML import through the gateway (which queues their first fetch):
//   cold  = the import's call → every feed fetched and its items stored (FEEDS × ITEMS rows);
//   warm  = "refresh all" → every feed fetched again (all 304, nothing stored);
// with the reader process's peak RSS sampled every 100 ms. Then the floor, measured in the same run (bench/floor.ts):
// the same feeds fetched with the same client in this process, as many at once as the reader fetches
// (READER_FETCH_CONCURRENCY, 50) and 2 per host, each body decoded and parsed by feedsmith (the reader's parser), nothing
// sanitized or stored; the ratio to it is printed with the load each side saw. Targets (issues 15, 30): cold ≤ 6 s,
// warm ≤ 2 s, RSS ≤ 300 MB, cold ≤ 2× the floor. newsboat is run on the same fixture when it is installed (NEWSBOAT=0
// skips it). Not a test.
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1; its own database and
// APP_PREFIX, removed at the end. Run: `npm run bench:feeds` (env FIXTURE, FEEDS, ITEMS, HOSTS, LATENCY_MS, NEWSBOAT;
// PROFILE=dir writes the started processes' CPU profiles there).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from 'feedsmith';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { safeFetch } from '@app/platform';
import { fixtureFeed, type FixtureKind } from './feed-fixtures';
import { measured, printFloorTable, type SideLoad } from './floor';
import { cpuSnapshot, pidsNamed } from './load';
import { benchStack, gatewayEnv, ROOT, switchModuleOn, waitUntil } from './stack';

const FIXTURE: FixtureKind = process.env.FIXTURE === 'short' ? 'short' : 'heavy';
const FEEDS = Number(process.env.FEEDS || 1000);
const ITEMS = Number(process.env.ITEMS || 20);
const HOSTS = Number(process.env.HOSTS || 200);
const LATENCY_MS = Number(process.env.LATENCY_MS || 20);
/** feeds the reader fetches at once (its READER_FETCH_CONCURRENCY), which the floor uses too */
const FETCH_CONCURRENCY = Number(process.env.READER_FETCH_CONCURRENCY || 50);
const GATEWAY_PORT = 27000 + Math.floor(Math.random() * 500);
const SMTP_PORT = GATEWAY_PORT + 500;
const FEED_PORT = GATEWAY_PORT + 1000;

const hostOf = (n: number) => `127.0.0.${(n % HOSTS) + 1}`;
const feedUrl = (n: number) => `http://${hostOf(n)}:${FEED_PORT}/feeds/${n}.xml`;

interface Fixture {
  requests: { full: number; notModified: number };
  close(): Promise<void>;
}

/** One server per loopback address, all answering every feed after LATENCY_MS, conditionally. */
async function startFixture(): Promise<Fixture & { bytes: number }> {
  const feeds = Array.from({ length: FEEDS }, (_, n) => fixtureFeed(FIXTURE, n, ITEMS));
  const bodies = feeds.map((f) => Buffer.from(f.body));
  const lastModified = 'Thu, 01 Jan 2026 00:00:00 GMT';
  const requests = { full: 0, notModified: 0 };
  const handler: http.RequestListener = (req, res) => {
    const m = /^\/feeds\/(\d+)\.xml$/.exec(req.url ?? '');
    const n = m ? Number(m[1]) : -1;
    setTimeout(() => {
      if (n < 0 || n >= FEEDS) return void res.writeHead(404).end();
      const etag = `"feed-${n}-v1"`;
      if (req.headers['if-none-match'] === etag || (!req.headers['if-none-match'] && req.headers['if-modified-since'] === lastModified)) {
        requests.notModified++;
        return void res.writeHead(304, { etag, 'last-modified': lastModified }).end();
      }
      requests.full++;
      res.writeHead(200, { 'content-type': feeds[n].contentType, 'content-length': bodies[n].length, etag, 'last-modified': lastModified }).end(bodies[n]);
    }, LATENCY_MS);
  };
  const servers: http.Server[] = [];
  for (let h = 0; h < Math.min(HOSTS, FEEDS); h++) {
    const server = http.createServer({ keepAlive: true }, handler);
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(FEED_PORT, `127.0.0.${h + 1}`, resolve));
    servers.push(server);
  }
  return {
    requests,
    bytes: bodies.reduce((sum, b) => sum + b.length, 0),
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * The floor: the same feeds fetched with the same client in this process, FETCH_CONCURRENCY at once and 2 per host
 * (the reader's limits), each answer's body decoded and parsed by feedsmith when there is one (`parse`); nothing
 * sanitized or stored. Returns the seconds and the entries parsed.
 */
async function bareFetch(conditional: boolean, parse: boolean): Promise<{ seconds: number; entries: number }> {
  const t0 = performance.now();
  const perHost = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  let entries = 0;
  const one = async (n: number) => {
    const host = hostOf(n);
    if ((perHost.get(host) ?? 0) >= 2) await new Promise<void>((r) => waiting.set(host, [...(waiting.get(host) ?? []), r]));
    else perHost.set(host, (perHost.get(host) ?? 0) + 1);
    try {
      const headers: Record<string, string> = conditional ? { 'if-none-match': `"feed-${n}-v1"` } : {};
      const res = await safeFetch(feedUrl(n), { allowPrivate: true, timeoutMs: 20_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5, headers });
      if (parse && res.status === 200) {
        const feed = parseFeed(res.body.toString('utf8'), { maxItems: 500 });
        entries += ((feed.feed as { items?: unknown[]; entries?: unknown[] }).items ?? (feed.feed as { entries?: unknown[] }).entries ?? []).length;
      }
    } finally {
      const next = waiting.get(host)?.shift();
      if (next) next();
      else perHost.set(host, (perHost.get(host) ?? 1) - 1);
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: FETCH_CONCURRENCY }, async () => {
      while (next < FEEDS) await one(next++);
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, entries };
}

/**
 * newsboat on the same feeds, when it is installed: a cold and a warm `-x reload`. Run asynchronously: the fixture
 * serving the feeds lives in this process, and a spawnSync would stop it answering (newsboat then waits for ever).
 */
async function newsboat(): Promise<{ cold: number; warm: number } | null> {
  if (spawnSync('sh', ['-c', 'command -v newsboat']).status !== 0) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-newsboat-'));
  try {
    writeFileSync(path.join(dir, 'urls'), Array.from({ length: FEEDS }, (_, n) => feedUrl(n)).join('\n'));
    writeFileSync(path.join(dir, 'config'), 'reload-threads 20\n');
    const run = async () => {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const child = spawn('newsboat', ['-u', path.join(dir, 'urls'), '-c', path.join(dir, 'cache.db'), '-C', path.join(dir, 'config'), '-x', 'reload'], { stdio: 'ignore' });
        const limit = setTimeout(() => child.kill('SIGKILL'), 300_000);
        child.on('exit', () => (clearTimeout(limit), resolve()));
        child.on('error', () => (clearTimeout(limit), resolve()));
      });
      return (performance.now() - t0) / 1000;
    };
    const cold = await run();
    return { cold, warm: await run() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const fixture = await startFixture();
  const stack = await benchStack({
    ...gatewayEnv(GATEWAY_PORT, SMTP_PORT),
    READER_ALLOW_PRIVATE_URLS: '1',
    // the scheduler stays out of the way: the bench asks for each refresh itself
    READER_SCHEDULER_EVERY_S: '3600',
  });
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  const pg = new Client({ connectionString: stack.dbUrl });
  try {
    const services = ['identity', 'accounts', 'reader'];
    for (const s of services) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number | undefined> = {};
    for (const s of services) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid;
    pids.gateway = stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js')).pid;
    await waitUntil('gateway', async () => ((await fetch(`${base}/`).catch(() => null))?.ok ? true : undefined));
    await pg.connect();

    const json = { 'content-type': 'application/json' };
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const reg = await waitUntil('register', async () => {
      const r = await fetch(`${base}/_users`, { method: 'POST', headers: json, body: JSON.stringify({ email, fullname: 'Bench', password, password_confirmation: password, accept: true }) });
      return r.status === 503 ? undefined : r;
    });
    if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${base}/_session`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
    const headers = { ...json, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
    const send = async (method: string, pathname: string, body?: unknown) => {
      const r = await waitUntil(`${method} ${pathname}`, async () => {
        const res = await fetch(`${base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return res.status === 503 ? undefined : res;
      });
      if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`);
      return (await r.json()) as { id: string; doc?: Record<string, number> };
    };
    const account = (await send('POST', '/accounts', { name: 'Bench reader' })).id;
    await switchModuleOn(base, account, headers);

    // polled every 25 ms: only the feeds' state rows (a count of the items each time would load PostgreSQL itself)
    const progress = async (since: Date) => {
      const { rows } = await pg.query<{ checked: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE checked_at >= $2)::int AS checked, count(*) FILTER (WHERE error_count > 0)::int AS failed
           FROM reader.feed_state WHERE account_id = $1`,
        [account, since],
      );
      return rows[0];
    };
    const itemCount = async () =>
      (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM reader.documents WHERE account_id = $1 AND klass = 'ReaderItem' AND NOT deleted`, [account])).rows[0].n;
    // PostgreSQL: the backends serving this bench's database only (other databases on the server are not ours)
    const ourBackends = async () => (await pg.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
    const watch = async () => ({ reader: [pids.reader!], accounts: [pids.accounts!], gateway: [pids.gateway!], postgres: await ourBackends(), redis: pidsNamed('redis-server'), nats: pidsNamed('nats-server') });
    const cpuOf = (a: Record<string, number>, b: Record<string, number>) =>
      ['reader', 'accounts', 'postgres', 'redis', 'nats', 'machine'].map((k) => `${k} ${(b[k] - a[k]).toFixed(1)}`).join(', ');
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids.reader!))), 100);
    const rssBefore = rssMb(pids.reader!);

    // cold: the import creates the subscriptions and queues their first fetch
    const outlines = Array.from({ length: FEEDS }, (_, n) => `<outline type="rss" text="Feed ${n}" xmlUrl="${feedUrl(n)}"/>`).join('\n');
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>bench</title></head><body><outline text="Bench">${outlines}</outline></body></opml>`;
    const coldStart = new Date();
    const cpu0 = cpuSnapshot(await watch());
    const t0 = performance.now();
    let tImport = 0;
    const coldSide = await measured(async () => {
      const report = await send('PUT', `/${account}/_design/reader/_update/import_opml/opml`, { opml });
      tImport = performance.now();
      if (report.doc?.subscriptions_created !== FEEDS) throw new Error(`import: ${JSON.stringify(report.doc)}`);
      await waitUntil('cold refresh', async () => {
        const p = await progress(coldStart);
        return p.checked === FEEDS ? p : p.failed ? Promise.reject(new Error(`${p.failed} feeds failed`)) : undefined;
      }, 300_000, 25);
      return (performance.now() - t0) / 1000;
    });
    const coldS = coldSide.value;
    const cpu1 = cpuSnapshot(await watch());
    const cold = { items: await itemCount() };
    const coldPeak = peak;

    // the items' change events reach the accounts service's change feed in the background: waited for, so the warm
    // run does not share the machine with that backlog
    await waitUntil('change feed', async () => {
      const { rows } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts.change_log WHERE account_id = $1 AND klass = 'ReaderItem'`, [account]);
      return rows[0].n >= cold.items ? true : undefined;
    }, 300_000, 250);
    const caughtUp = (performance.now() - t0) / 1000;
    const cpuCaughtUp = cpuSnapshot(await watch());

    // warm: refresh all; every feed answers 304
    const notModifiedBefore = fixture.requests.notModified;
    const warmStart = new Date();
    const cpuWarm0 = cpuSnapshot(await watch());
    const warmSide = await measured(async () => {
      const t1 = performance.now();
      const queued = await send('PUT', `/${account}/_design/reader/_update/refresh/all`);
      if (queued.doc?.queued !== FEEDS) throw new Error(`refresh all: ${JSON.stringify(queued.doc)}`);
      const checked = await waitUntil('warm refresh', async () => {
        const p = await progress(warmStart);
        return p.checked === FEEDS ? p.checked : undefined;
      }, 300_000, 25);
      return { seconds: (performance.now() - t1) / 1000, checked };
    });
    const warmS = warmSide.value.seconds;
    const cpu2 = cpuSnapshot(await watch());
    const warmItems = await itemCount();
    clearInterval(sampler);
    const notModified = fixture.requests.notModified - notModifiedBefore;

    // the floor, right after: fetch + parse (cold), fetch of 304s (warm); and fetching alone, for scale
    const floorCold = await measured(() => bareFetch(false, true));
    const floorWarm = await measured(() => bareFetch(true, false));
    const fetchOnly = await bareFetch(false, false);
    const nb = process.env.NEWSBOAT === '0' ? null : await newsboat();

    const load = (l: SideLoad) => `load ${l.start.toFixed(1)}→${l.end.toFixed(1)}`;
    console.log(`\nbench/feeds on ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`fixture ${FIXTURE}: ${FEEDS} feeds × ${ITEMS} items (${(fixture.bytes / FEEDS / 1024).toFixed(1)} kB a feed on average) on ${Math.min(HOSTS, FEEDS)} loopback hosts, ${LATENCY_MS} ms latency, ETag + Last-Modified`);
    console.log(`cold (OPML import → every feed fetched, ${cold.items} items stored): ${coldS.toFixed(2)} s, of which the import call ${((tImport - t0) / 1000).toFixed(2)} s (target ≤ 6 s: ${coldS <= 6 ? 'met' : 'NOT met'}; ${load(coldSide.load)})`);
    console.log(`warm (refresh all → ${warmSide.value.checked} feeds checked, ${notModified} answered 304, ${warmItems - cold.items} items stored): ${warmS.toFixed(2)} s (target ≤ 2 s: ${warmS <= 2 ? 'met' : 'NOT met'}; ${load(warmSide.load)})`);
    console.log(`CPU seconds, cold: ${cpuOf(cpu0, cpu1)}`);
    console.log(`the accounts change feed had every item's event ${caughtUp.toFixed(1)} s after the import; CPU seconds from the end of the cold run until then: ${cpuOf(cpu1, cpuCaughtUp)}`);
    console.log(`CPU seconds, warm: ${cpuOf(cpuWarm0, cpu2)}`);
    console.log(`reader process RSS: ${rssBefore.toFixed(0)} MB before, peak ${coldPeak.toFixed(0)} MB cold, ${peak.toFixed(0)} MB overall (target ≤ 300 MB: ${peak <= 300 ? 'met' : 'NOT met'})`);
    console.log(`floor, this process, ${FETCH_CONCURRENCY} at once, 2 per host: fetch + feedsmith parse ${floorCold.value.seconds.toFixed(2)} s (${floorCold.value.entries} entries; ${load(floorCold.load)}), 304s ${floorWarm.value.seconds.toFixed(2)} s (${load(floorWarm.load)}); fetching alone ${fetchOnly.seconds.toFixed(2)} s`);
    console.log(nb ? `newsboat (reload-threads 20): cold ${nb.cold.toFixed(2)} s, warm ${nb.warm.toFixed(2)} s` : `newsboat: ${process.env.NEWSBOAT === '0' ? 'skipped (NEWSBOAT=0)' : 'not installed here'}, not compared`);
    const floorName = `the same feeds fetched (same client, ${FETCH_CONCURRENCY} at once, 2 per host) and parsed by feedsmith in one process`;
    printFloorTable(`bench/feeds (${FIXTURE}) against the bare fetch + parse`, [
      { measure: `cold refresh, ${FEEDS} feeds × ${ITEMS} items`, unit: 's', product: coldS, productLoad: coldSide.load, floor: floorCold.value.seconds, floorLoad: floorCold.load, better: 'lower', target: 2, floorName },
      { measure: 'warm refresh, all 304', unit: 's', product: warmS, productLoad: warmSide.load, floor: floorWarm.value.seconds, floorLoad: floorWarm.load, better: 'lower', target: 2, floorName: `the same feeds asked with their ETag (304), ${FETCH_CONCURRENCY} at once, 2 per host, in one process` },
    ]);
  } finally {
    await pg.end().catch(() => undefined);
    smtp.close();
    await stack.close();
    await fixture.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
