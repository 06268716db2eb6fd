import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { ImportRunner } from './import-runner';

// Imports run as BullMQ jobs (Redis), one at a time per copy of the service, so a 100,000-row statement never holds a
// request open and a copy that dies mid-import leaves the job to be picked up again (the runner starts only a queued
// import, and its records commit all together or not at all).

const logger = new Logger('csv-import-queue');
export const CSV_IMPORT_QUEUE = 'csv-import';

interface ImportJob {
  db: string;
  importId: string;
}

@Injectable()
export class ImportQueue implements OnModuleInit, OnApplicationShutdown {
  private queue?: Queue<ImportJob>;
  private worker?: Worker<ImportJob>;

  constructor(
    private readonly runner: ImportRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.queue = new Queue<ImportJob>(CSV_IMPORT_QUEUE, { ...options, connection: bullProducerConnection(this.config) });
    this.worker = new Worker<ImportJob>(CSV_IMPORT_QUEUE, (job) => this.runner.run(job.data.db, job.data.importId), { ...options, concurrency: 1 });
    this.worker.on('failed', (job, err) => logger.error(`import ${job?.data.importId}: ${err.message}`));
  }

  async enqueue(db: string, importId: string): Promise<void> {
    await this.queue!.add('import', { db, importId }, { jobId: importId, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 1000 });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }
}
