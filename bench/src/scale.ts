// bench/scale: copies of a service (issue 17, scale-out by replicas). bench/tickets' list load (the ticket list's first
// page and a board column, `_find` through gateway → NATS → tickets → PostgreSQL) against 1 and then 2 copies of the
// tickets service sharing the NATS queue group, and the ratio of their throughputs; then a mixed load (readers and
// writers creating tickets) during which one of the two copies is killed with kill -9: how many requests failed, how
// many were in flight at that copy when it died, how long until every request succeeded again, and whether every
// acknowledged write (201) is stored. Targets: 0 acknowledged writes lost, failures only those in flight at the kill,
// recovery ≤ 1 s. Not a test. Note that a machine of 2 cores shared by the gateway, NATS, PostgreSQL and the copies
// cannot show a second copy's gain in throughput: the ratio says what the copies cost or give on this machine.
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1; its own database and
// APP_PREFIX, removed at the end. Run: `npm run bench:scale` (env TICKETS, CONCURRENCY, SECONDS).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { load, type LoadResult } from './load';
import { gatewayBench, percentile, ROOT, signedInGroup, waitForServices } from './stack';
import { seed } from './tickets';

const TICKETS = Number(process.env.TICKETS || 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 20);
const SECONDS = Number(process.env.SECONDS || 10);
const READS_PER_S = Number(process.env.READS_PER_S || 40);
const WRITES_PER_S = Number(process.env.WRITES_PER_S || 20);
const GATEWAY_PORT = 26000 + Math.floor(Math.random() * 500);
const SMTP_PORT = GATEWAY_PORT + 500;

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

interface Sent {
  kind: 'read' | 'write';
  start: number;
  end: number;
  status: number;
  id?: string;
}

/**
 * Reads and writes sent at a steady rate (open loop: a request that hangs does not hold the next ones back) until
 * `until`, every request recorded with its times (ms since `t0`).
 */
async function steadyLoad(base: string, account: string, headers: Record<string, string>, readsPerS: number, writesPerS: number, until: Promise<unknown>, t0: number): Promise<Sent[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const sent: Sent[] = [];
  const open = new Set<Promise<void>>();
  let stop = false;
  const request = (kind: Sent['kind'], method: string, p: string, body: string) => {
    const done = new Promise<void>((resolve) => {
      const start = performance.now() - t0;
      const req = http.request(`${base}${p}`, { agent, method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: 30_000 }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const s: Sent = { kind, start, end: performance.now() - t0, status: res.statusCode ?? 0 };
          if (kind === 'write' && s.status === 201) s.id = (JSON.parse(text) as { id: string }).id;
          sent.push(s);
          resolve();
        });
      });
      req.on('error', () => {
        sent.push({ kind, start, end: performance.now() - t0, status: 0 });
        resolve();
      });
      req.end(body);
    });
    open.add(done);
    void done.then(() => open.delete(done));
  };
  let n = 0;
  const list = JSON.stringify({ selector: { klass: 'Ticket' }, sort: [{ number: 'desc' }], limit: 25 });
  const every = (perS: number, send: () => void) =>
    (async () => {
      while (!stop) {
        send();
        await new Promise((r) => setTimeout(r, 1000 / perS));
      }
    })();
  // `until` failing (the kill of a copy) ends the load and the bench with its error
  await Promise.all([
    until.finally(() => (stop = true)),
    every(readsPerS, () => request('read', 'POST', `/${account}/_find`, list)),
    every(writesPerS, () => request('write', 'POST', `/${account}`, JSON.stringify({ klass: 'Ticket', title: `Scale bench ${++n}`, content: 'kill -9 under load' }))),
  ]);
  while (open.size) await Promise.all([...open]);
  agent.destroy();
  return sent;
}

async function main() {
  const { stack, base, close } = await gatewayBench(GATEWAY_PORT, SMTP_PORT);
  const db = new Client({ connectionString: stack.dbUrl });
  db.on('error', () => undefined);
  try {
    await db.connect();
    for (const s of ['identity', 'accounts', 'tickets']) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    for (const s of ['identity', 'accounts']) stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`));
    const tickets = path.join(ROOT, 'services/tickets/dist/main.js');
    const copies: ChildProcess[] = [stack.start('tickets', tickets)];
    stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js'));
    await waitForServices(base, ['identity', 'accounts', 'tickets']);

    const { userId, account, headers } = await signedInGroup(base, stack.run, 'Scale shop');
    const t0 = Date.now();
    await seed(db, account, userId);
    console.log(`seeded ${TICKETS} tickets in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // ---- 1 copy, then 2 ----
    const bodies = [
      JSON.stringify({ selector: { klass: 'Ticket' }, sort: [{ number: 'desc' }], limit: 25 }),
      JSON.stringify({ selector: { klass: 'Ticket', status: 'open' }, sort: [{ number: 'desc' }], limit: 50 }),
    ];
    const run = (): Promise<LoadResult> => load({ url: `${base}/${account}/_find`, method: 'POST', headers, bodies, concurrency: CONCURRENCY, warmupMs: 2000, durationMs: SECONDS * 1000 });
    const one = await run();
    copies.push(stack.start('tickets-2', tickets));
    await new Promise((r) => setTimeout(r, 4000)); // the second copy subscribed to the queue group
    const two = await run();
    const row = (name: string, r: LoadResult) =>
      console.log(`${name.padEnd(10)} ${(r.rps * 2).toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}`);
    console.log(`\nlist load (list page + board column per iteration), ${TICKETS} tickets, ${CONCURRENCY} clients, ${SECONDS} s after 2 s warm-up (${os.cpus().length} cores)`);
    console.log(`${'copies'.padEnd(10)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}`);
    row('1', one);
    row('2', two);
    console.log(`ratio 2 copies / 1 copy: ${(two.rps / one.rps).toFixed(2)}`);

    // ---- kill -9 of one copy under mixed load ----
    const start = performance.now();
    let killedAt = 0;
    const phase = (async () => {
      await new Promise((r) => setTimeout(r, 4000));
      killedAt = performance.now() - start;
      copies[1].kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 6000));
    })();
    const sent = await steadyLoad(base, account, headers, READS_PER_S, WRITES_PER_S, phase, start);
    const failed = sent.filter((s) => (s.kind === 'write' ? s.status !== 201 : s.status !== 200));
    const inFlight = sent.filter((s) => s.start <= killedAt && s.end >= killedAt);
    const lastFailure = Math.max(killedAt, ...failed.map((f) => f.start));
    const acknowledged = sent.filter((s) => s.id).map((s) => s.id as string);
    let stored = 0;
    for (let i = 0; i < acknowledged.length; i += 200) {
      const ids = acknowledged.slice(i, i + 200);
      const r = await db.query(`SELECT count(*)::int AS n FROM tickets.documents WHERE account_id = $1 AND id = ANY($2) AND NOT deleted`, [account, ids]);
      stored += r.rows[0].n as number;
    }
    const after = sent.filter((s) => s.start > lastFailure);
    console.log(`\nkill -9 of one of 2 copies under ${READS_PER_S} reads/s + ${WRITES_PER_S} writes/s sent at a steady rate (${sent.length} requests, the kill ${(killedAt / 1000).toFixed(1)} s in, 6 s after)`);
    console.log(`failed requests: ${failed.length} (statuses ${[...new Set(failed.map((f) => f.status))].join(', ') || 'none'}); in flight at the kill (at either copy): ${inFlight.length}; failed and not in flight at the kill: ${failed.filter((f) => !inFlight.includes(f)).length}`);
    console.log(`the failed ones were answered (503) after ${(Math.min(...failed.map((f) => f.end - f.start), Infinity) / 1000).toFixed(1)}–${(Math.max(0, ...failed.map((f) => f.end - f.start)) / 1000).toFixed(1)} s (the call's deadline, RPC_TIMEOUT_MS)`);
    console.log(`recovery: the last failed request was sent ${((lastFailure - killedAt) / 1000).toFixed(2)} s after the kill; all ${after.length} requests sent later succeeded: ${after.every((s) => s.status === 200 || s.status === 201)}`);
    const lat = sent.filter((s) => s.status === 200 || s.status === 201).map((s) => s.end - s.start).sort((a, b) => a - b);
    console.log(`successes: p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms`);
    console.log(`acknowledged writes: ${acknowledged.length}, stored: ${stored}, lost: ${acknowledged.length - stored} (target 0)`);
  } finally {
    await db.end().catch(() => undefined);
    await close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
