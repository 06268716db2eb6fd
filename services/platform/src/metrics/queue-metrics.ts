import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Counter, Gauge, Registry } from 'prom-client';
import type { AppConfig } from '../config/config';
import { bullPrefix, bullProducerConnection } from '../mail/connection';

const logger = new Logger('job-queues');

// The BullMQ queues of the installation as the gateway sees them (its queue dashboard and its queue-depth gauges):
// the queues opened by their names under the run's prefix. Nothing here adds or takes jobs; the services own them.

/** A BullMQ queue opened for looking at (the dashboard may also retry or remove jobs, as an administrator asks). */
export type JobQueue = Queue;

/** The job states counted, as BullMQ names them (`waiting` includes the paused list). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export class JobQueues {
  readonly queues: JobQueue[];

  constructor(config: Pick<AppConfig, 'prefix' | 'redisUrl'>, names: readonly string[]) {
    // a read fails fast while Redis is away: the dashboard answers an error, the gauges skip the queue for that scrape
    const connection = bullProducerConnection(config);
    this.queues = names.map((name) => {
      const queue = new Queue(name, { connection, prefix: bullPrefix(config) });
      // a lost connection is retried by ioredis; without a listener the 'error' event would end the process
      queue.on('error', (err) => logger.warn(`queue ${name}: ${err.message}`));
      return queue;
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.queues.map((q) => q.close()));
  }
}

/**
 * `bullmq_queue_jobs{queue,state}`, read from Redis when scraped, each queue within `timeoutMs`; a queue that could
 * not be read has no series in that scrape (rather than stale ones) and counts in `bullmq_queue_read_failures_total`.
 */
export function watchQueueDepths(registry: Registry, queues: readonly JobQueue[], timeoutMs = 500): void {
  const failures = new Counter({
    name: 'bullmq_queue_read_failures_total',
    help: 'Scrapes in which a queue could not be read in time',
    labelNames: ['queue'],
    registers: [registry],
  });
  const jobs: Gauge<'queue' | 'state'> = new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs of the BullMQ queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      jobs.reset();
      await Promise.all(
        queues.map(async (queue) => {
          try {
            const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES), timeoutMs);
            for (const state of QUEUE_STATES) jobs.set({ queue: queue.name, state }, counts[state] ?? 0);
          } catch {
            failures.inc({ queue: queue.name });
          }
        }),
      );
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
