import { Pool } from 'pg';
import { AppError } from '@app/proto';
import { loadConfig } from '@app/platform';
import { MembershipsRepository } from './memberships.repository';

// The per-user lock (free-group count) waits on a Postgres advisory lock: a wait the statement timeout stops must be
// the mapped 503, never a raw database error (a 500).
describe('MembershipsRepository.withUserLock', () => {
  let holder: Pool;
  let lockPool: Pool;

  beforeAll(() => {
    const url = loadConfig().databaseUrl.replace(/([?&])statement_timeout=\d+/, '$1statement_timeout=300');
    holder = new Pool({ connectionString: url, max: 1 });
    lockPool = new Pool({ connectionString: url, max: 1 });
  });
  afterAll(async () => {
    await holder.end();
    await lockPool.end();
  });

  it('a lock wait stopped by the statement timeout is 503 service_unavailable with a reason, and the lock stays usable', async () => {
    const repo = new MembershipsRepository(null as never, null as never, lockPool);
    const key = `accounts:free-groups:usr-lock-${Date.now()}`;
    const held = await holder.connect();
    await held.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    try {
      const err = await repo.withUserLock(key.split(':').pop()!, async () => 'ran').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, error: 'service_unavailable' });
      expect(typeof (err as AppError).reason).toBe('string');
    } finally {
      await held.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      held.release();
    }
    await expect(repo.withUserLock(key.split(':').pop()!, async () => 'ran')).resolves.toBe('ran');
  });
});
