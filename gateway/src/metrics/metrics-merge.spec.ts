import { Counter, Gauge, Registry } from 'prom-client';
import { mergeExpositions } from './metrics-merge';

// The merge of several copies' registries into one exposition: each family once, every copy's samples kept.

function copyRegistry(service: string, instance: string, requests: number): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service, instance });
  new Counter({ name: 'calls_total', help: 'calls', labelNames: ['subject'], registers: [registry] }).inc({ subject: 'x.get' }, requests);
  new Gauge({ name: 'process_start_time_seconds', help: 'start', registers: [registry], aggregator: 'omit' }).set(1000 + requests);
  return registry;
}

describe('mergeExpositions', () => {
  it('writes each family once with the samples of every copy, none summed or dropped', async () => {
    const sources = await Promise.all([
      copyRegistry('tickets', 'h:1', 3).getMetricsAsJSON(),
      copyRegistry('tickets', 'h:2', 4).getMetricsAsJSON(),
      copyRegistry('notes', 'h:3', 5).getMetricsAsJSON(),
    ]);
    const text = await mergeExpositions(sources);
    expect(text.match(/^# TYPE calls_total counter$/gm)).toHaveLength(1);
    expect(text.match(/^# HELP calls_total /gm)).toHaveLength(1);
    expect(text).toContain('calls_total{subject="x.get",service="tickets",instance="h:1"} 3');
    expect(text).toContain('calls_total{subject="x.get",service="tickets",instance="h:2"} 4');
    expect(text).toContain('calls_total{subject="x.get",service="notes",instance="h:3"} 5');
    // prom-client's own aggregator for the start time would drop it
    expect(text.match(/^process_start_time_seconds\{/gm)).toHaveLength(3);
  });

  it('merges histograms bucket by bucket per copy', async () => {
    const a = new Registry();
    a.setDefaultLabels({ instance: 'a' });
    const b = new Registry();
    b.setDefaultLabels({ instance: 'b' });
    const { Histogram } = await import('prom-client');
    new Histogram({ name: 'lat_seconds', help: 'latency', buckets: [0.1, 1], registers: [a] }).observe(0.05);
    new Histogram({ name: 'lat_seconds', help: 'latency', buckets: [0.1, 1], registers: [b] }).observe(0.5);
    const text = await mergeExpositions([await a.getMetricsAsJSON(), await b.getMetricsAsJSON()]);
    expect(text).toContain('lat_seconds_bucket{le="0.1",instance="a"} 1');
    expect(text).toContain('lat_seconds_bucket{le="0.1",instance="b"} 0');
    expect(text).toContain('lat_seconds_count{instance="b"} 1');
    expect(text.match(/^# TYPE lat_seconds histogram$/gm)).toHaveLength(1);
  });
});
