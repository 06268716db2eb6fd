import { Registry } from 'prom-client';
import { createMetricsRegistry } from './metrics-registry';
import { supervisorRestarts, watchProcessRestarts } from './process-restarts';

// app_process_restarts: the restart count pm2 hands a process it started again (`restart_time` among the pm2_env
// variables, `pm_id` set), 0 for a process no pm2 started. Its supervision under `make up` is tested end to end in
// test/e2e/supervision.spec.ts.

describe('app_process_restarts', () => {
  it('is pm2\'s restart_time when pm2 started the process, else 0', () => {
    expect(supervisorRestarts({ pm_id: '3', restart_time: '2' })).toBe(2);
    expect(supervisorRestarts({ pm_id: '3', restart_time: '0' })).toBe(0);
    expect(supervisorRestarts({ restart_time: '2' })).toBe(0); // not pm2's
    expect(supervisorRestarts({ pm_id: '3', restart_time: 'x' })).toBe(0);
    expect(supervisorRestarts({})).toBe(0);
  });

  it('is a gauge of every registry, without the _total suffix of counters', async () => {
    const registry = new Registry();
    watchProcessRestarts(registry, { pm_id: '1', restart_time: '4', name: 'tickets' });
    const text = await registry.metrics();
    expect(text).toContain('# TYPE app_process_restarts gauge');
    expect(text).toMatch(/^app_process_restarts 4$/m);
    // in the registry of every service and of the gateway (not started by pm2 here: 0)
    expect(await createMetricsRegistry('tickets').getSingleMetricAsString('app_process_restarts')).toMatch(/^app_process_restarts\{service="tickets",instance="[^"]+"\} 0$/m);
  });
});
