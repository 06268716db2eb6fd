import { Registry } from 'prom-client';
import { RpcClientMetrics, RpcHandledMetrics, statusLabel, subjectLabel } from './rpc-metrics';

// The label rules of the rpc metrics: subjects without the run's prefix, statuses from the error catalogue only.

describe('rpc metrics labels', () => {
  it('labels a subject by its name without the prefix, and keeps a subject outside the prefix whole', () => {
    expect(subjectLabel('run1_e2e.tickets.doc.find', 'run1_e2e')).toBe('tickets.doc.find');
    expect(subjectLabel('other.tickets.health', 'run1_e2e')).toBe('other.tickets.health');
    expect(subjectLabel('run1_e2ex.tickets.health', 'run1_e2e')).toBe('run1_e2ex.tickets.health');
  });

  it('labels an error by its catalogue key and anything else as other', () => {
    expect(statusLabel('not_found')).toBe('not_found');
    expect(statusLabel('service_unavailable')).toBe('service_unavailable');
    expect(statusLabel('Some message with spaces')).toBe('other');
    expect(statusLabel('usr-1234/acc-99')).toBe('other');
    expect(statusLabel(undefined)).toBe('other');
    expect(statusLabel('x'.repeat(60))).toBe('other');
  });

  it('counts handled calls per subject with ok or the error key as status', async () => {
    const registry = new Registry();
    const handled = new RpcHandledMetrics(registry, 'p');
    const timer = handled.timer('p.tickets.doc.get');
    timer.done(0.002);
    timer.done(0.004);
    timer.done(0.5, 'not_found');
    timer.done(0.5, 'Not a key!');
    const [metric] = (await registry.getMetricsAsJSON()).filter((m) => m.name === 'rpc_handled_seconds');
    const counts = metric.values.filter((v) => (v as { metricName?: string }).metricName === 'rpc_handled_seconds_count');
    expect(counts.map((v) => [v.labels.subject, v.labels.status, v.value])).toEqual([
      ['tickets.doc.get', 'ok', 2],
      ['tickets.doc.get', 'not_found', 1],
      ['tickets.doc.get', 'other', 1],
    ]);
  });

  it('counts round trips per call name and outcome', async () => {
    const registry = new Registry();
    const client = new RpcClientMetrics(registry);
    client.observe('accounts.roles.get', 0.01, 'reply');
    client.observe('accounts.roles.get', 0.02, 'reply');
    client.observe('accounts.roles.get', 15, 'timeout');
    const text = await registry.metrics();
    expect(text).toContain('rpc_client_seconds_count{subject="accounts.roles.get",outcome="reply"} 2');
    expect(text).toContain('rpc_client_seconds_count{subject="accounts.roles.get",outcome="timeout"} 1');
  });
});
