import { Pool, PoolClient } from 'pg';
import { Registry } from 'prom-client';
import { PoolMetrics } from './pool-metrics';

// The pool gauges read from a real pg Pool on the test database: open, idle and waiting as pg counts them.

describe('PoolMetrics', () => {
  it('reads total, idle, waiting and max of the watched pool when scraped, and drops a pool once ended', async () => {
    const registry = new Registry();
    const metrics = new PoolMetrics(registry);
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    metrics.watch(pool, 'main');
    const held: PoolClient[] = [await pool.connect(), await pool.connect()];
    const waiting = pool.connect(); // a third asks while both are held
    let text = await registry.metrics();
    expect(text).toContain('pg_pool_connections{pool="main",state="total"} 2');
    expect(text).toContain('pg_pool_connections{pool="main",state="idle"} 0');
    expect(text).toContain('pg_pool_waiting_clients{pool="main"} 1');
    expect(text).toContain('pg_pool_max_connections{pool="main"} 2');
    held[0].release();
    (await waiting).release();
    held[1].release();
    text = await registry.metrics();
    expect(text).toContain('pg_pool_connections{pool="main",state="idle"} 2');
    expect(text).toContain('pg_pool_waiting_clients{pool="main"} 0');
    await pool.end();
    text = await registry.metrics();
    expect(text).not.toContain('pool="main"');
  });
});
