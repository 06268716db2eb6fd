import { AggregatorRegistry } from 'prom-client';
import type { MetricsJson } from '@app/platform';

/**
 * The gateway's registry and every copy's, as one Prometheus text exposition: each metric family once (HELP and
 * TYPE once, then the samples of all copies). prom-client's AggregatorRegistry does the merge; its aggregators would
 * sum or average series with equal labels, but every series carries its copy's `service` and `instance`, so none are
 * equal and all are kept. `sum` is set on every family because the default ones would drop some (process start time
 * is 'omit') or keep only the first copy's version.
 */
export async function mergeExpositions(sources: readonly MetricsJson[]): Promise<string> {
  const all = sources.map((metrics) => metrics.map((m) => ({ ...m, aggregator: 'sum' as const })));
  return AggregatorRegistry.aggregate(all).metrics();
}
