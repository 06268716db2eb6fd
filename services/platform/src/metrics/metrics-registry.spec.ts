import perfHooks, { monitorEventLoopDelay, PerformanceObserver } from 'perf_hooks';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { closeMetricsRegistry, createMetricsRegistry } from './metrics-registry';
import { LeanNatsServer } from '../rpc/lean-nats-server';
import { serviceMetrics } from './service-metrics';

// prom-client's default metrics leave a GC observer and an event-loop timer running for ever (prometheus/client_js#500,
// #494); a process that makes registries again and again (the tests' in-process stacks) kept all of them. Closing a
// registry stops its own two, and only those.

// the class of prom-client's histograms, which perf_hooks does not export, from one of them: enabled once, because Node
// 20 aborts the process when it lists its handles (prom-client's nodejs_active_handles) after collecting a histogram
// that was never enabled (`Assertion failed: !obj.IsEmpty()` in AsyncWrap::GetOwner)
const histogramPrototype = (() => {
  const histogram = monitorEventLoopDelay();
  histogram.enable();
  histogram.disable();
  return Object.getPrototypeOf(histogram) as { disable(): boolean };
})();

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

  it('can be collected once closed while another registry answers', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = createMetricsRegistry('live');
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 20; i++) closeMetricsRegistry(createMetricsRegistry(`closed-${i}`));
      gc();
      // lists the process's handles (nodejs_active_handles), where a collected histogram Node had not let go of would abort
      expect((await live.getMetricsAsJSON()).length).toBeGreaterThan(10);
    }
    closeMetricsRegistry(live);
  });

  it("is closed with its service's NATS server, and the service's next metrics are new", async () => {
    const disable = jest.spyOn(histogramPrototype, 'disable');
    const first = serviceMetrics('tickets', 'metrics-registry-spec');
    expect(serviceMetrics('tickets', 'metrics-registry-spec')).toBe(first);
    // never listening: its close has no connection to drain, only the metrics to close
    await new LeanNatsServer({ servers: [], queue: 'metrics-registry-spec', metrics: first.server() }).close();
    expect(disable).toHaveBeenCalledTimes(1);
    const second = serviceMetrics('tickets', 'metrics-registry-spec');
    expect(second).not.toBe(first);
    second.close();
  });
});
