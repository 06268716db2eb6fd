import { Client } from 'pg';
import type { Type } from '@nestjs/common';
import type { ServiceName } from '@app/proto';
import { loadConfig } from '../config/config';
import { startInProcess, type InProcessService } from './in-process-service';

// A database connection the pool holds idle can be closed by the server at any time (PostgreSQL restarting, failing
// over, an administrator's pg_terminate_backend, idle_session_timeout): pg then emits 'error' on the pool, and an
// 'error' event nobody listens to ends the process, so one restart of PostgreSQL took every group's notes and reader
// down. Every service's pool listens (platform storeProviders); this is the test a service's spec runs for it.

/**
 * Ends the service's connections, as a PostgreSQL restart does. Only those named for it (PGAPPNAME while it started):
 * ending every connection to the worker's database also ended pools other test files of the same jest worker had left
 * open, whose 'error' then failed this suite.
 */
async function terminateOthers(appName: string): Promise<number> {
  const admin = new Client({ connectionString: loadConfig().databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1',
      [appName],
    );
    return rows[0].n;
  } finally {
    await admin.end();
  }
}

/** Declares the suite: the service, started in this process, answers its health check again after losing its connections. */
export function describePoolLoss(service: ServiceName, load: () => Promise<Type<unknown>>): void {
  let svc: InProcessService;
  const appName = `${service}_pg_loss_${process.pid}`;
  beforeAll(async () => {
    const saved = process.env.PGAPPNAME;
    process.env.PGAPPNAME = appName; // node-postgres names every connection it opens meanwhile so
    try {
      svc = await startInProcess({ name: `${service}_pg_loss`, service, load });
    } finally {
      if (saved === undefined) delete process.env.PGAPPNAME;
      else process.env.PGAPPNAME = saved;
    }
  }, 30_000);
  afterAll(() => svc?.close());

  describe(`the ${service} service when the database closes its idle connections`, () => {
    it('keeps running and answers again with new connections', async () => {
      // (the test's own pool, svc.pool, is never used here: it holds no connection to lose)
      expect(await svc.rpc.call(`${service}.health` as never, {} as never)).toMatchObject({ ok: true, service });
      expect(await terminateOthers(appName)).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500));
      expect(await svc.rpc.call(`${service}.health` as never, {} as never)).toMatchObject({ ok: true, service });
    });
  });
}
