import { Client, type Pool } from 'pg';
import { DocumentStore } from './document-store';
import { openTestPool, TEST_SCHEMA } from './testing/test-env';

// A connection PostgreSQL ends in the middle of a transaction (a restart, a failover, pg_terminate_backend): the
// transaction fails like any error, and the process lives on. pg emits 'error' on a checked-out client with no
// listener of its own, which Node turns into an uncaught exception: a restart of PostgreSQL killed the tickets and
// finance processes (seen when bench/backup dropped its database).

describe('a connection ended by PostgreSQL during a transaction', () => {
  let pool: Pool;
  let admin: Pool;

  beforeAll(async () => {
    pool = await openTestPool();
    admin = await openTestPool();
  });

  afterAll(async () => {
    await pool.end();
    await admin.end();
  });

  it('fails that transaction, leaves no uncaught error, and the next transaction runs on a new connection', async () => {
    const store = new DocumentStore({ pool, schema: TEST_SCHEMA, service: 'tickets' });
    // an 'error' a client emits with nobody listening: what Node throws as an uncaught exception
    const unheard: unknown[] = [];
    const emit = Client.prototype.emit;
    Client.prototype.emit = function (this: Client, event: string | symbol, ...args: unknown[]) {
      if (event === 'error' && this.listenerCount('error') === 0) {
        unheard.push(args[0]);
        return false;
      }
      return emit.call(this, event, ...args);
    } as typeof emit;
    try {
      const failed = await store
        .inTransaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
          await new Promise((r) => setTimeout(r, 200)); // the server's notice arrives while the client is checked out
          await tx.query('SELECT 1');
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(failed).toBeInstanceOf(Error);
      expect(await store.inTransaction(async (tx) => (await tx.query<{ one: number }>('SELECT 1 AS one')).rows[0].one)).toBe(1);
      await new Promise((r) => setTimeout(r, 50));
      expect(unheard).toEqual([]);
    } finally {
      Client.prototype.emit = emit;
    }
  });
});
