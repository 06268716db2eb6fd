import type { ChildProcess } from 'child_process';
import { connect, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import { subject, type CallerContext, type Doc } from '@app/proto';
import { DocumentStore, loadConfig, RpcClient } from '@app/platform';
import { ctxOf, newUser, uniqueId } from '@app/platform/testing/callers';
import { eventually } from '@app/platform/testing/eventually';
import { exited, spawnFromSource } from '@app/platform/testing/source-process';
import { TICKETS_SCHEMA } from '../tickets.schema';
import { numbered } from '../tickets/ticket.rules';

// kill -9 in the middle of rewriting a renamed customer's copies: the tickets service runs as a process of its own
// (from its sources), is killed while the tickets are being rewritten, and started again; the rename's change event,
// never acknowledged, is delivered again and the rewrite finishes.

const TICKETS = 300;
const OTHERS = 10; // each of equipment, contracts, estimates

describe('copied names after a crash', () => {
  const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_copies_crash`;
  const savedPrefix = process.env.APP_PREFIX;
  let rpc: RpcClient;
  let pool: Pool;
  let nc: NatsConnection;
  let service: { child: ChildProcess; output(): string } | undefined;

  /** Starts the service and waits until it answers (asked on NATS directly: the RpcClient logs every miss). */
  async function start(): Promise<void> {
    service = spawnFromSource('services/tickets/src/main.ts', { ...process.env, APP_PREFIX: prefix });
    const child = service.child;
    const up = async () => {
      if (child.exitCode !== null) return 'exited';
      const reply = await nc.request(subject('tickets.health'), JSON.stringify({ pattern: subject('tickets.health'), data: {}, id: '1' }), { timeout: 1000 }).catch(() => null);
      return reply ? 'up' : 'down';
    };
    if ((await eventually(up, (s) => s !== 'down', 25_000)) === 'exited') throw new Error(`the tickets service exited: ${service.output()}`);
  }

  beforeAll(async () => {
    process.env.APP_PREFIX = prefix; // the subjects this process calls
    rpc = new RpcClient(loadConfig().natsUrl, 5000);
    nc = await connect({ servers: loadConfig().natsUrl });
    pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 10 });
  });

  afterAll(async () => {
    if (service) {
      service.child.kill('SIGTERM');
      await exited(service.child);
    }
    await rpc?.close();
    await nc?.close();
    await pool?.end();
    process.env.APP_PREFIX = savedPrefix;
  });

  /** Per klass: how many of the group's records carry `name` as customer_name, and how many there are. */
  async function copies(db: string, name: string): Promise<Record<string, { fresh: number; all: number }>> {
    const { rows } = await pool.query<{ klass: string; fresh: number; all: number }>(
      `SELECT klass, count(*) FILTER (WHERE body ->> 'customer_name' = $2)::int AS fresh, count(*)::int AS "all"
       FROM tickets.documents WHERE account_id = $1 AND NOT deleted AND klass <> 'Customer' GROUP BY klass`,
      [db, name],
    );
    return Object.fromEntries(rows.map((r) => [r.klass, { fresh: r.fresh, all: r.all }]));
  }

  const t0 = Date.now();
  const mark = (what: string) => process.env.CRASH_TIMES && console.log(`${what}: ${Date.now() - t0} ms`);

  it('every copy (tickets with their search text, equipment, contracts, estimates) carries the new name after a kill -9 mid-rewrite and a restart, each rewritten once', async () => {
    await start();
    mark('started');
    const db = `acc-${uniqueId()}`;
    const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
    const post = async (doc: Record<string, unknown>) => (await rpc.call('tickets.doc.post', { ctx, doc })).doc as Doc;
    const customer = await post({ klass: 'Customer', name: 'Maria Souza' });
    // the tickets written straight to the store (as the service would write them, numbered): quicker than 300 posts
    const store = new DocumentStore({ pool, schema: TICKETS_SCHEMA, service: 'tickets' });
    const ticket = (i: number) => ({ klass: 'Ticket', title: `Ticket ${i}`, content: `Ticket ${i}`, status: 'open', priority: 'medium', customer_id: customer._id, customer_name: customer.name });
    for (let i = 0; i < TICKETS; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => store.create(db, numbered(ticket(i + j), i + j + 1) as { klass: string }, ctx.user_id)));
    const others: Record<string, unknown>[] = [
      ...Array.from({ length: OTHERS }, (_, i) => ({ klass: 'Equipment', identifier: `E-${i}`, customer_id: customer._id })),
      ...Array.from({ length: OTHERS }, () => ({ klass: 'Contract', customer_id: customer._id })),
      ...Array.from({ length: OTHERS }, () => ({ klass: 'Estimate', customer_id: customer._id, items: [] })),
    ];
    await Promise.all(others.map(post));
    mark('created');
    const renamed = 'Maria Souza Lima';
    await rpc.call('tickets.doc.put', { ctx, id: customer._id, rev: customer._rev, doc: { ...customer, name: renamed } });
    // kill -9 once the rewrite has begun on the tickets
    await eventually(() => copies(db, renamed), (c) => (c.Ticket?.fresh ?? 0) >= 20, 15_000);
    service!.child.kill('SIGKILL');
    await exited(service!.child);
    const atKill = await copies(db, renamed);
    mark(`killed at ${JSON.stringify(atKill.Ticket)}`);
    expect(atKill.Ticket.fresh).toBeLessThan(TICKETS); // it was killed in the middle
    expect(atKill.Estimate?.fresh ?? 0).toBe(0);

    await start();
    mark('restarted');
    const done = await eventually(
      () => copies(db, renamed),
      (c) => ['Ticket', 'Equipment', 'Contract', 'Estimate'].every((k) => c[k]?.fresh === c[k]?.all),
      20_000,
    );
    mark('done');
    expect(done).toEqual({ Ticket: { fresh: TICKETS, all: TICKETS }, Equipment: { fresh: OTHERS, all: OTHERS }, Contract: { fresh: OTHERS, all: OTHERS }, Estimate: { fresh: OTHERS, all: OTHERS } });
    const { rows } = await pool.query<{ search: string; rev: string }>(`SELECT body ->> 'search' AS search, rev FROM tickets.documents WHERE account_id = $1 AND klass = 'Ticket'`, [db]);
    expect(rows.filter((r) => !r.search.includes('maria souza lima'))).toEqual([]);
    // each ticket written twice: created, rewritten once (the run after the restart skipped the ones done before)
    expect(rows.filter((r) => !r.rev.startsWith('2-'))).toEqual([]);
  }, 120_000); // two starts of the service as a child process: 30 s ran out on a loaded 2-CPU machine
});
