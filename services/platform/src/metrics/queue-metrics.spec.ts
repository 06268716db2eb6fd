import { Queue } from 'bullmq';
import { Registry } from 'prom-client';
import { bullPrefix } from '../mail/connection';
import { JobQueues, watchQueueDepths } from './queue-metrics';

// The queue-depth gauges read from real BullMQ queues in Redis under the test's prefix.

const config = { prefix: `${process.env.TEST_RUN_ID ?? 'local'}_queuemetrics`, redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379' };

describe('watchQueueDepths', () => {
  let producer: Queue;
  let jobs: JobQueues;

  beforeAll(() => {
    producer = new Queue('jobs-a', { connection: { url: config.redisUrl }, prefix: bullPrefix(config) });
    jobs = new JobQueues(config, ['jobs-a', 'jobs-b']);
  });

  afterAll(async () => {
    await producer.obliterate({ force: true });
    await producer.close();
    await jobs.close();
  });

  it('counts waiting and delayed jobs per queue by state, with zeros for an empty queue', async () => {
    await producer.add('x', { n: 1 });
    await producer.add('x', { n: 2 });
    await producer.add('x', { n: 3 }, { delay: 60_000 });
    const registry = new Registry();
    watchQueueDepths(registry, jobs.queues);
    const text = await registry.metrics();
    expect(text).toContain('bullmq_queue_jobs{queue="jobs-a",state="waiting"} 2');
    expect(text).toContain('bullmq_queue_jobs{queue="jobs-a",state="delayed"} 1');
    expect(text).toContain('bullmq_queue_jobs{queue="jobs-a",state="active"} 0');
    expect(text).toContain('bullmq_queue_jobs{queue="jobs-b",state="failed"} 0');
  });
});
