// bench/find: `_find` with an indexed selector (limit 10) over 100,000 documents of one database, 50 concurrent
// clients, through gateway → NATS → identity service → Postgres, and the same SQL served by a minimal
// single-process HTTP server. Prints requests/s, p50, p99 and the ratio. Not a test: it prints figures.
// First, one user's `_find` answered while another user's 12 slow finds run (the per-database find limit, docs/
// decisions.md "Queries"): the times test/e2e/query-limits.spec.ts no longer asserts (it checks that the other
// database's finds never wait for a place).
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1 (make services). It uses its own
// database and APP_PREFIX, and removes them when done. Run: `npm run bench:find` (env: DOCS, CONCURRENCY, SECONDS).
import { cpus } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { load, LoadResult, pidsNamed } from './load';
import { BenchStack, benchStack, ROOT } from './stack';
import { wrkAvailable, wrkLoad } from './wrk';

const DOCS = Number(process.env.DOCS || 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 50);
const SECONDS = Number(process.env.SECONDS || 15);
// below the ephemeral range (32768+), where the load generator's own connections could already hold a port
const GATEWAY_PORT = 20000 + Math.floor(Math.random() * 3000);
const MINIMAL_PORT = GATEWAY_PORT + 500;
const SMTP_PORT = GATEWAY_PORT + 1000;

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function main() {
  const stack: BenchStack = await benchStack({ GATEWAY_PORT: String(GATEWAY_PORT), SMTP_PORT: String(SMTP_PORT) });
  const { run, dbUrl } = stack;
  const start = stack.start;
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  try {
    const identity = start('identity', path.join(ROOT, 'services/identity/dist/main.js'));
    const gateway = start('gateway', path.join(ROOT, 'gateway/dist/main.js'));
    const api = `http://127.0.0.1:${GATEWAY_PORT}`;
    await waitFor(`${api}/`);

    // A user, signed in with a session cookie, owns the database the documents go into.
    const email = `${run}@example.com`;
    const password = 'bench-password-1';
    const register = () => fetch(`${api}/_users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, password_confirmation: password, accept: true }) });
    let r = await register();
    // the gateway may answer before the identity service has subscribed
    for (let i = 0; r.status === 503 && i < 100; i++) {
      await new Promise((ok) => setTimeout(ok, 200));
      r = await register();
    }
    if (!r.ok) throw new Error(`register: ${r.status} ${await r.text()}`);
    r = await fetch(`${api}/_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
    if (!r.ok) throw new Error(`login: ${r.status} ${await r.text()}`);
    const userId = ((await r.json()) as { name: string }).name;
    const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);

    // 100,000 configuration documents in that one database (one per key: keys are unique per user); written in bulk by SQL since the
    // write path is not what is measured here.
    const db = new Client({ connectionString: dbUrl });
    db.on('error', () => undefined); // the database is dropped at the end, whatever happened
    await db.connect();
    const t0 = Date.now();
    await db.query(
      `INSERT INTO identity.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
       SELECT $1, 'ucn-bench' || i, 'UserConfiguration', '1-bench', false,
              jsonb_build_object('_id', 'ucn-bench' || i, '_rev', '1-bench', 'klass', 'UserConfiguration', 'key', 'setting-' || lpad(i::text, 6, '0'),
                                 'value', i, 'created_at', now(), 'updated_at', now(), 'created_by', $1::text),
              now(), now(), 200
       FROM generate_series(1, $2::int) AS i`,
      [userId, DOCS],
    );
    await db.query('ANALYZE identity.documents');
    console.log(`seeded ${DOCS} documents in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const query = { selector: { klass: 'UserConfiguration', key: { $gte: 'setting-042420' } }, sort: [{ key: 'asc' }], limit: 10 };
    const body = JSON.stringify(query);
    const check = await fetch(`${api}/${userId}/_find`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf }, body });
    const found = (await check.json()) as { docs: unknown[] };
    if (!check.ok || found.docs.length !== 10) throw new Error(`gateway _find: ${check.status} ${JSON.stringify(found).slice(0, 200)}`);
    const { buildFindSql } = await import('@app/platform');
    const sql = buildFindSql({ table: '"identity"."documents"', db: userId, query, klasses: ['UserConfiguration', 'UserToken'] });
    const plan = await db.query(`EXPLAIN ${sql.text}`, sql.values);
    console.log(`plan: ${plan.rows.map((x) => x['QUERY PLAN']).filter((l: string) => /Scan/.test(l)).join(' | ').trim()}`);
    await db.end();

    await neighbour(api, { db: userId, cookies, xsrf }, body, dbUrl, run);

    const minimal = start('minimal', path.join(__dirname, 'minimal-server.js'), {
      PORT: String(MINIMAL_PORT),
      DB: userId,
      TABLE: '"identity"."documents"',
      KLASSES: 'UserConfiguration,UserToken',
    });
    await waitFor(`http://127.0.0.1:${MINIMAL_PORT}/`);

    // The same hops with no framework and no checks (lean-chain.ts): the floor of this path on this machine.
    const leanEnv = { DB: userId, TABLE: '"identity"."documents"', KLASSES: 'UserConfiguration,UserToken', SUBJECT: `${run}.lean.find` };
    const leanService = start('lean-service', path.join(__dirname, 'lean-chain.js'), { ...leanEnv, ROLE: 'service' });
    const leanHttp = start('lean-http', path.join(__dirname, 'lean-chain.js'), { ...leanEnv, ROLE: 'http', PORT: String(MINIMAL_PORT + 1) });
    await waitFor(`http://127.0.0.1:${MINIMAL_PORT + 1}/`);
    await new Promise((r) => setTimeout(r, 1000)); // the lean service subscribes on its own time

    const common = { method: 'POST', body, concurrency: CONCURRENCY, warmupMs: 3000, durationMs: SECONDS * 1000 };
    const shared = () => ({ nats: pidsNamed('nats-server'), redis: pidsNamed('redis-server') });
    // Node's HTTP client (load.ts) always; wrk too when installed (LOADGEN=node or wrk for one of them)
    const generators = (process.env.LOADGEN ? [process.env.LOADGEN] : ['node', 'wrk']).filter((g) => g === 'node' || (g === 'wrk' && wrkAvailable()));
    for (const generator of generators) {
      const measure = generator === 'wrk' ? wrkLoad : load;
      const product = await measure({
        ...common,
        url: `${api}/${userId}/_find`,
        headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
        watch: { gateway: [gateway.pid!], identity: [identity.pid!], ...shared() },
      });
      const baseline = await measure({ ...common, url: `http://127.0.0.1:${MINIMAL_PORT}/`, headers: { 'content-type': 'application/json' }, watch: { minimal: [minimal.pid!], ...shared() } });
      const lean = await measure({
        ...common,
        url: `http://127.0.0.1:${MINIMAL_PORT + 1}/`,
        headers: { 'content-type': 'application/json' },
        watch: { 'lean http': [leanHttp.pid!], 'lean service': [leanService.pid!], ...shared() },
      });
      report(generator, query, product, baseline, lean);
    }
    minimal.kill();
    leanService.kill();
    leanHttp.kill();
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    smtp.close();
    await stack.close();
  }
}

interface Session {
  db: string;
  cookies: string[];
  xsrf: string;
}

// star height 1 and 769 pieces, so the pattern check lets it through; no document holds a '#', so Postgres's matcher
// reads every one to its end (about 1 s per 100 kB on a busy 2-CPU machine); the statement timeout (5 s) stops it
const HEAVY = 'x[^#]{1,255}y[^#]{1,255}z[^#]{1,255}#';

/** Pseudo-random lowercase words (a periodic text would let the regex engine cache its way through). */
function words(length: number, seed: number): string {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  return Array.from({ length }, () => (next() < 0.15 ? ' ' : String.fromCharCode(97 + Math.floor(next() * 26)))).join('');
}

async function signIn(api: string, email: string, password: string): Promise<Session> {
  const r = await fetch(`${api}/_users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, password_confirmation: password, accept: true }) });
  if (!r.ok) throw new Error(`register: ${r.status} ${await r.text()}`);
  const login = await fetch(`${api}/_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { db: ((await login.json()) as { name: string }).name, cookies, xsrf: decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]) };
}

function findOf(api: string, who: Session, body: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return fetch(`${api}/${who.db}/_find`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: who.cookies.join('; '), 'x-xsrf-token': who.xsrf }, body }).then(async (r) => {
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - t0 };
  });
}

/**
 * `quick` (the indexed find of `who`'s database) 20 times in a row alone, then again while 12 finds of another user's
 * database that each run until the statement timeout are sent at once: how long the quick ones take meanwhile.
 */
async function neighbour(api: string, who: Session, quick: string, dbUrl: string, run: string): Promise<void> {
  const slow = await signIn(api, `${run}-slow@example.com`, 'bench-password-2');
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    for (let i = 0; i < 20; i++) {
      await db.query(
        `INSERT INTO identity.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
         VALUES ($1, $2, 'UserConfiguration', '1-bench', false, jsonb_build_object('_id', $2::text, '_rev', '1-bench', 'klass', 'UserConfiguration', 'key', $2::text, 'value', $3::text), now(), now(), 100000)`,
        [slow.db, `ucn-slow${i}`, words(100_000, i + 1)],
      );
    }
  } finally {
    await db.end();
  }
  const heavy = JSON.stringify({ selector: { klass: 'UserConfiguration', value: { $regex: HEAVY } }, fields: ['_id'] });
  const times = async () => {
    const out: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await findOf(api, who, quick);
      if (r.status !== 200) throw new Error(`quick _find: ${r.status}`);
      out.push(r.ms);
    }
    return out.sort((x, y) => x - y);
  };
  const alone = await times();
  const started = performance.now();
  const slowOnes = Array.from({ length: 12 }, () => findOf(api, slow, heavy));
  await new Promise((r) => setTimeout(r, 300)); // the slow ones are in Postgres by now
  const meanwhile = await times();
  const busyFor = performance.now() - started;
  const results = await Promise.all(slowOnes);
  const count = (status: number) => results.filter((r) => r.status === status).length;
  const fmt = (xs: number[]) => `p50 ${xs[10].toFixed(1)} ms, max ${xs[19].toFixed(1)} ms`;
  console.log(`\nanother database's _find while one database's 12 slow finds run (${cpus().length} cores; DB_FIND_CONCURRENCY ${process.env.DB_FIND_CONCURRENCY ?? 3})`);
  console.log(`  alone                 ${fmt(alone)} (20 in a row)`);
  console.log(`  beside 12 slow finds  ${fmt(meanwhile)} (20 in a row, done ${(busyFor / 1000).toFixed(1)} s after the slow ones were sent)`);
  console.log(`  the slow finds: ${count(503)} stopped by the statement timeout (503), ${count(429)} refused after waiting for a place (429), ${results.length - count(503) - count(429)} other; the last answered ${(Math.max(...results.map((r) => r.ms)) / 1000).toFixed(1)} s after it was sent`);
}

function report(generator: string, query: unknown, product: LoadResult, baseline: LoadResult, lean: LoadResult): void {
  const row = (name: string, x: LoadResult) =>
    `${name.padEnd(40)} ${x.rps.toFixed(0).padStart(8)} ${x.p50.toFixed(1).padStart(8)} ${x.p99.toFixed(1).padStart(8)} ${String(x.errors).padStart(7)}`;
  const by = generator === 'wrk' ? 'wrk (C)' : "Node's http client";
  console.log(`\n_find ${JSON.stringify(query)} over ${DOCS} docs, ${CONCURRENCY} clients from ${by}, ${SECONDS} s each (${cpus().length} cores)`);
  console.log(`${'path'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  console.log(row('gateway → NATS → identity → Postgres', product));
  console.log(row('minimal HTTP server → Postgres', baseline));
  console.log(row('raw HTTP → NATS → raw service → Postgres', lean));
  // CPU time per request of each process (µs), measured over the same window as the requests
  console.log('CPU µs per request');
  for (const [name, x] of [['product', product], ['minimal', baseline], ['raw chain', lean]] as const) {
    const cpu = { ...x.cpu };
    // what no watched process used: the PostgreSQL backends (their pids come and go with the pools) and the kernel
    cpu['postgres + kernel'] = cpu.machine - Object.entries(cpu).reduce((t, [k, v]) => (k.startsWith('machine') ? t : t + v), 0);
    const per = Object.entries(cpu).map(([k, v]) => `${k} ${Math.round((v / x.requests) * 1e6)}`);
    console.log(`  ${name.padEnd(10)} ${per.join(', ')}`);
  }
  const ratio = product.rps / baseline.rps;
  console.log(`ratio ${ratio.toFixed(2)} (target ≥ 0.5), product p99 ${product.p99.toFixed(1)} ms (target ≤ 20 ms); minimal server p99 ${baseline.p99.toFixed(1)} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
