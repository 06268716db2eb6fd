import { Gauge, Registry } from 'prom-client';
import type { Pool } from 'pg';

// The Postgres pools of a service, read when scraped (pg's Pool keeps the counts; reading them costs nothing).
// A pool that was ended (a test's stack closed, a service restarting in-process) is dropped at the next read.

export class PoolMetrics {
  private readonly pools = new Map<string, Pool[]>();

  constructor(registry: Registry) {
    const sum = (pools: Pool[], value: (p: Pool) => number) => pools.reduce((s, p) => s + value(p), 0);
    const connections: Gauge<'pool' | 'state'> = new Gauge({
      name: 'pg_pool_connections',
      help: 'Postgres connections of the pool: open (total) and idle among them',
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect: () => {
        connections.reset();
        for (const [pool, list] of this.live()) {
          connections.set({ pool, state: 'total' }, sum(list, (p) => p.totalCount));
          connections.set({ pool, state: 'idle' }, sum(list, (p) => p.idleCount));
        }
      },
    });
    const waiting: Gauge<'pool'> = new Gauge({
      name: 'pg_pool_waiting_clients',
      help: 'Queries waiting for a free connection of the pool',
      labelNames: ['pool'],
      registers: [registry],
      collect: () => {
        waiting.reset();
        for (const [pool, list] of this.live()) waiting.set({ pool }, sum(list, (p) => p.waitingCount));
      },
    });
    const max: Gauge<'pool'> = new Gauge({
      name: 'pg_pool_max_connections',
      help: 'The most connections the pool opens',
      labelNames: ['pool'],
      registers: [registry],
      collect: () => {
        max.reset();
        // pg's default max is 10
        for (const [pool, list] of this.live()) max.set({ pool }, sum(list, (p) => p.options.max ?? 10));
      },
    });
  }

  /** Counts `pool` under `name` (a service's main pool is `main`). */
  watch(pool: Pool, name = 'main'): void {
    this.pools.set(name, [...(this.pools.get(name) ?? []), pool]);
  }

  private live(): Map<string, Pool[]> {
    for (const [name, pools] of this.pools) {
      const open = pools.filter((p) => !p.ended);
      if (open.length) this.pools.set(name, open);
      else this.pools.delete(name);
    }
    return this.pools;
  }
}
