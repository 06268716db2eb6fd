import perfHooks, { monitorEventLoopDelay, PerformanceObserver } from 'perf_hooks';
import { closeMetricsRegistry, createMetricsRegistry } from './metrics-registry';
import { serviceMetrics } from './service-metrics';

// prom-client's default metrics leave a GC observer and an event-loop timer running for ever (prometheus/client_js#500,
// #494); a process that makes registries again and again (the tests' in-process stacks) kept all of them. Closing a
// registry stops its own two, and only those.

const histogramPrototype = Object.getPrototypeOf(monitorEventLoopDelay()) as { disable(): boolean };

afterEach(() => jest.restoreAllMocks());

describe('a metrics registry', () => {
  it('stops its GC observer and its event-loop histogram when closed, once', () => {
    const disconnect = jest.spyOn(PerformanceObserver.prototype, 'disconnect');
    const disable = jest.spyOn(histogramPrototype, 'disable');
    const registry = createMetricsRegistry('test');
    const other = createMetricsRegistry('other');
    expect(disconnect).not.toHaveBeenCalled();
    expect(disable).not.toHaveBeenCalled();

    closeMetricsRegistry(registry);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(disable).toHaveBeenCalledTimes(1);
    closeMetricsRegistry(registry); // idempotent
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(disable).toHaveBeenCalledTimes(1);

    closeMetricsRegistry(other);
    expect(disconnect).toHaveBeenCalledTimes(2);
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it('leaves perf_hooks as it found them', () => {
    const observe = PerformanceObserver.prototype.observe;
    const monitor = perfHooks.monitorEventLoopDelay;
    closeMetricsRegistry(createMetricsRegistry('test'));
    expect(PerformanceObserver.prototype.observe).toBe(observe);
    expect(perfHooks.monitorEventLoopDelay).toBe(monitor);
  });

  it('still answers with the default metrics, open and closed', async () => {
    const registry = createMetricsRegistry('test');
    const names = async () => (await registry.getMetricsAsJSON()).map((m) => m.name);
    expect(await names()).toEqual(expect.arrayContaining(['nodejs_eventloop_lag_p99_seconds', 'nodejs_gc_duration_seconds', 'process_cpu_seconds_total']));
    closeMetricsRegistry(registry);
    expect(await names()).toEqual(expect.arrayContaining(['nodejs_eventloop_lag_p99_seconds', 'nodejs_gc_duration_seconds']));
  });

  it("is closed with its service's NATS server, and the service's next metrics are new", () => {
    const disable = jest.spyOn(histogramPrototype, 'disable');
    const first = serviceMetrics('tickets', 'metrics-registry-spec');
    expect(serviceMetrics('tickets', 'metrics-registry-spec')).toBe(first);
    first.server().close?.();
    expect(disable).toHaveBeenCalledTimes(1);
    const second = serviceMetrics('tickets', 'metrics-registry-spec');
    expect(second).not.toBe(first);
    second.close();
  });
});
