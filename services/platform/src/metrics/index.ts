export { createMetricsRegistry, instanceName, LATENCY_BUCKETS } from './metrics-registry';
export { subjectLabel, statusLabel, RpcClientMetrics, RpcHandledMetrics } from './rpc-metrics';
export { PoolMetrics } from './pool-metrics';
export { JobQueues, QUEUE_STATES, watchQueueDepths } from './queue-metrics';
export type { JobQueue } from './queue-metrics';
export { ServiceMetrics, serviceMetrics, metricsSubject } from './service-metrics';
export type { MetricsReply, MetricsJson } from './service-metrics';
export { MetricsScraper, ScrapeRound, KnownCopies, parseMetricsReply } from './metrics-scrape';
export type { ScrapeOptions, ScrapeResult } from './metrics-scrape';
