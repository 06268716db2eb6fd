// bench/write-path: the shared write path alone, in this process — DOCS (20,000) documents of about 1.5 kB (a feed
// item's shape) written through DocumentStore.createManyWithin, BATCH (200) a transaction, then their change events
// sent by a ChangePublisher from the outbox to JetStream. Prints, per phase, this process's CPU ms and the CPU ms of
// the PostgreSQL backends it used (from /proc, so both count what the work cost, whatever else runs on the machine),
// and the wall time, for ROUNDS (3) rounds. Not a test.
//
// Needs `tsc -b bench` and PostgreSQL and NATS on 127.0.0.1; its own database and APP_PREFIX, removed at the end.
// Run: `npx tsc -b bench && node bench/dist/write-path.js` (env DOCS, BATCH, ROUNDS).
import fs from 'node:fs';
import path from 'node:path';
import { connect } from 'nats';
import { Pool } from 'pg';
import { ChangePublisher, DocumentStore, migrateSchema } from '@app/platform';
import { benchStack, ROOT } from './stack';

const DOCS = Number(process.env.DOCS || 20_000);
const BATCH = Number(process.env.BATCH || 200);
const ROUNDS = Number(process.env.ROUNDS || 3);
const SCHEMA = 'platform_test'; // the store's own test schema and migrations
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

/** A reader item's fields: text with quotes and markup (what the JSON escaping meets), about 1.5 kB. */
function itemFields(i: number): Record<string, unknown> {
  return {
    title: `Feed ${i % 1000} entry ${i}: "${LOREM.slice(0, 40)}"`,
    link: `https://site${i % 1000}.example/posts/${i}`,
    guid: `feed-${i % 1000}-entry-${i}`,
    published_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    summary: LOREM.slice(0, 200),
    content: `<p>${LOREM.repeat(4)}</p><p><a href="https://site.example/posts/${i}/more" rel="noopener">Read more</a> <img src="https://site.example/img/${i}.png" alt="x"></p><ul><li>one</li><li>two</li></ul>`,
    read: false,
    starred: false,
    reader_subscription: { _id: `rsub-${i % 1000}`, title: `Feed ${i % 1000}`, label: null },
    dedupe_key: `feed-${i % 1000}-entry-${i}`,
  };
}

/** CPU ms of processes (utime + stime in /proc/<pid>/stat, USER_HZ 100). */
function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * 10;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The backend pid of each of a pool's connections, opened all at once so that the pool keeps these ones. */
async function backendPids(pool: Pool, n: number): Promise<number[]> {
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  const pids = await Promise.all(clients.map(async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid));
  for (const c of clients) c.release();
  return pids;
}

async function measure<T>(pgPids: number[], fn: () => Promise<T>): Promise<{ node: number; pg: number; wall: number }> {
  const n0 = ownCpuMs();
  const p0 = cpuMsOf(pgPids);
  const w0 = performance.now();
  await fn();
  return { node: ownCpuMs() - n0, pg: cpuMsOf(pgPids) - p0, wall: performance.now() - w0 };
}

async function main() {
  const stack = await benchStack();
  // one connection each, kept for the whole run, so their backends' CPU is what the phases cost PostgreSQL
  const storePool = new Pool({ connectionString: stack.dbUrl, max: 1, idleTimeoutMillis: 0 });
  const publishPool = new Pool({ connectionString: stack.dbUrl, max: 1, idleTimeoutMillis: 0 });
  const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
  try {
    await migrateSchema(storePool, { schema: SCHEMA, migrationsFolder: path.join(ROOT, 'services/platform/src/store/testing/drizzle') });
    const storePids = await backendPids(storePool, 1);
    const publishPids = await backendPids(publishPool, 1);
    const publisher = new ChangePublisher(nc, { pool: publishPool, schema: SCHEMA, service: 'tickets', prefix: stack.run, intervalMs: 0 });
    const store = new DocumentStore({ pool: storePool, schema: SCHEMA, service: 'tickets' });
    const docs = Array.from({ length: DOCS }, (_, i) => itemFields(i));
    await publisher.flush(); // the stream, created once
    console.log(`bench/write-path: ${DOCS} documents, ${BATCH} a transaction, ${ROUNDS} rounds (CPU ms; wall ms)`);
    for (let round = 1; round <= ROUNDS; round++) {
      const db = `acc-bench${round}`;
      const write = await measure(storePids, async () => {
        for (let start = 0; start < DOCS; start += BATCH) {
          const batch = docs.slice(start, start + BATCH);
          await store.inTransaction((tx) => store.createManyWithin(tx, db, 'Ticket', batch, null));
        }
      });
      const publish = await measure(publishPids, () => publisher.flush());
      const { rows } = await storePool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox`);
      if (rows[0].n !== 0) throw new Error(`${rows[0].n} events left in the outbox`);
      const f = (m: { node: number; pg: number; wall: number }) => `node ${m.node.toFixed(0).padStart(5)}  pg ${m.pg.toFixed(0).padStart(5)}  wall ${m.wall.toFixed(0).padStart(5)}`;
      console.log(`round ${round}  createManyWithin: ${f(write)}   publish: ${f(publish)}`);
    }
    await publisher.close();
    console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    await nc.close();
    await storePool.end();
    await publishPool.end();
    await stack.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
