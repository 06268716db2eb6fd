import type { Registry } from 'prom-client';
import type { Pool } from 'pg';
import type { RpcServerMetrics } from '../rpc/lean-nats-server';
import { closeMetricsRegistry, createMetricsRegistry, instanceName } from './metrics-registry';
import { PoolMetrics } from './pool-metrics';
import { RpcClientMetrics, RpcHandledMetrics } from './rpc-metrics';

/** The subject every copy of `service` answers scrapes on (a plain subscription, no queue group: all copies answer). */
export function metricsSubject(service: string, prefix: string): string {
  return `${prefix}.metrics.${service}`;
}

/** A registry's metrics as prom-client's JSON (what AggregatorRegistry.aggregate merges). */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** What a copy answers a scrape with: its registry as prom-client's JSON, merged by the gateway. */
export interface MetricsReply {
  service: string;
  instance: string;
  metrics: MetricsJson;
}

/** The metrics of one service in this process: Node's defaults, rpc calls answered and made, its Postgres pools. */
export class ServiceMetrics {
  readonly registry: Registry;
  readonly rpcClient: RpcClientMetrics;
  readonly pools: PoolMetrics;
  private readonly handled: RpcHandledMetrics;

  constructor(
    readonly service: string,
    readonly prefix: string,
  ) {
    this.registry = createMetricsRegistry(service);
    this.rpcClient = new RpcClientMetrics(this.registry);
    this.pools = new PoolMetrics(this.registry);
    this.handled = new RpcHandledMetrics(this.registry, prefix);
  }

  watchPool(pool: Pool, name = 'main'): Pool {
    this.pools.watch(pool, name);
    return pool;
  }

  /** The hooks LeanNatsServer times its handlers with and answers scrapes through. */
  server(): RpcServerMetrics {
    return {
      subject: metricsSubject(this.service, this.prefix),
      timer: (pattern) => this.handled.timer(pattern),
      render: async () => JSON.stringify(await this.reply()),
      close: () => this.close(),
    };
  }

  /** Stops the registry's default metrics; the next serviceMetrics() of this service and prefix makes a new one. */
  close(): void {
    closeMetricsRegistry(this.registry);
    const key = `${this.prefix} ${this.service}`;
    if (byService.get(key) === this) byService.delete(key);
  }

  async reply(): Promise<MetricsReply> {
    return { service: this.service, instance: instanceName(), metrics: await this.registry.getMetricsAsJSON() };
  }
}

// One per service name and prefix in this process: the pool (storeProviders), the rpc client (moduleDatabaseProviders)
// and the NATS server (createMicroservice) are made in different places and meet here.
const byService = new Map<string, ServiceMetrics>();

export function serviceMetrics(service: string, prefix: string): ServiceMetrics {
  const key = `${prefix} ${service}`;
  let metrics = byService.get(key);
  if (!metrics) {
    metrics = new ServiceMetrics(service, prefix);
    byService.set(key, metrics);
  }
  return metrics;
}
