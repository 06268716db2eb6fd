import { hostname } from 'os';
import perfHooks, { IntervalHistogram, PerformanceObserver } from 'perf_hooks';
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

/** What stops each registry's default metrics (closeMetricsRegistry). */
const stops = new WeakMap<Registry, () => void>();

/**
 * prom-client's default metrics start a GC PerformanceObserver and an event-loop delay histogram that it never stops
 * and gives no handle to (prometheus/client_js#500, #494). Both live in Node's perf_hooks, outside any module: a
 * process that makes registries again and again (the tests' in-process stacks, 8 registries a stack) kept every one of
 * them — each observer's histogram, its registry and through them the rest of that stack — and called every observer
 * on every collection and every histogram's timer every 10 ms. A jest worker grew to 1.5 GB of heap by the end of the
 * suite and its last end-to-end files ran 3–5× slower (dav-rclone 226 s there, 41 s in a fresh worker). The two are
 * caught as prom-client makes them, so that closing the registry stops them. (Node keeps a histogram's object even
 * once disabled, so the jest workers are also started again past 600 MB of heap: jest.config.js.)
 */
function collectStoppableDefaultMetrics(registry: Registry): () => void {
  const observers: PerformanceObserver[] = [];
  const histograms: IntervalHistogram[] = [];
  // prom-client reads both off the module object when it calls them (its metrics/gc.js, metrics/eventLoopLag.js)
  const hooks = perfHooks as { monitorEventLoopDelay: typeof perfHooks.monitorEventLoopDelay };
  const observe = PerformanceObserver.prototype.observe;
  const monitor = hooks.monitorEventLoopDelay;
  PerformanceObserver.prototype.observe = function (this: PerformanceObserver, ...args: Parameters<PerformanceObserver['observe']>) {
    observers.push(this);
    return observe.apply(this, args);
  };
  hooks.monitorEventLoopDelay = (options) => {
    const histogram = monitor(options);
    histograms.push(histogram);
    return histogram;
  };
  try {
    // 10 ms resolution of the event-loop delay histogram (prom-client's default): finer costs a timer firing more often
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  } finally {
    PerformanceObserver.prototype.observe = observe;
    hooks.monitorEventLoopDelay = monitor;
  }
  return () => {
    for (const o of observers.splice(0)) o.disconnect();
    for (const h of histograms.splice(0)) h.disable();
  };
}

/** Stops what `registry`'s default metrics keep running (its GC observer, its event-loop timer). Idempotent. */
export function closeMetricsRegistry(registry: Registry): void {
  stops.get(registry)?.();
  stops.delete(registry);
}

/**
 * A registry with Node's default metrics (event-loop lag, heap and RSS, GC, handles, CPU) labelled for `service`;
 * closeMetricsRegistry() when its process part closes.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service, instance: instanceName() });
  stops.set(registry, collectStoppableDefaultMetrics(registry));
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
