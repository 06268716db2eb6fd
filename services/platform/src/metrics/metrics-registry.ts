import { hostname } from 'os';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { unhandledRejections } from '../process/unhandled-rejections';
import { watchProcessRestarts } from './process-restarts';

// One registry per service copy (in production one per process; the tests run every service in one process, so it is
// one per service there too, each with its own default metrics). Every series carries `service` and `instance`
// (hostname:pid): the gateway merges the registries of all copies into one scrape, so they must never collide.

/** This process as the `instance` label: unique per copy of a service, also across hosts and containers. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}`;
}

/** A registry with Node's default metrics (event-loop lag, heap and RSS, GC, handles, CPU) labelled for `service`. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service, instance: instanceName() });
  // 10 ms resolution of the event-loop delay histogram (prom-client's default): finer costs a timer firing more often
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  // three of prom-client's gauges end in _total, a counter's suffix (promtool refuses them); each is the sum of the
  // gauge of the same name without it (nodejs_active_handles{type=…}), which stays
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  new Gauge({
    name: 'process_unhandled_rejections',
    help: 'Promises that rejected with nothing to handle them since the process started (each is a bug; the process went on)',
    registers: [registry],
    collect() {
      this.set(unhandledRejections());
    },
  });
  watchProcessRestarts(registry); // app_process_restarts: pm2's restarts of this process (make up)
  return registry;
}

/** Latency buckets (seconds) of the rpc and HTTP histograms: 1 ms to 10 s, 12 buckets per series. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
