import { Injectable, Logger, OnApplicationShutdown, Provider } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Pool } from 'pg';
import type { ServiceName } from '@app/proto';
import { AppConfig, loadConfig } from '../config/config';
import { ChangePublisher } from '../events/change-publisher';
import { DocumentStore } from '../store/document-store';
import { MailQueue } from '../mail/mail-queue';
import { serviceMetrics } from '../metrics/service-metrics';
import { backupProviders } from '../documents/backup-responder';
import { natsOptions } from '../rpc/nats-options';

/** Nest injection tokens for the connections every service with a store has. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * The providers of a service's document store: config, its Postgres pool, the NATS connection its change events
 * leave by, the ChangePublisher and the DocumentStore on the service's schema. Migrations and shutdown order stay
 * with the service (each has its own start-up work).
 */
export function storeProviders(opts: { service: ServiceName; schema: string }): Provider[] {
  const logger = new Logger(`${opts.service}-store`);
  return [
    { provide: APP_CONFIG, useFactory: () => loadConfig() },
    {
      provide: PG_POOL,
      useFactory: (config: AppConfig) => {
        const pool = new Pool({
          connectionString: config.databaseUrl,
          max: Number(process.env.PG_POOL_MAX || 10),
          // the working set is in memory or on SSD: random reads cost about as much as sequential ones, so index scans
          // (board columns, lists, text search) are preferred over sorting whole tables (docs/benchmarks.md, bench/tickets)
          options: `-c random_page_cost=${Number(process.env.PG_RANDOM_PAGE_COST || 1.1)}`,
        });
        // an idle connection the server closes (a restart, a failover, pg_terminate_backend) is an 'error' of the pool:
        // unheard, it ended the process; the pool drops the connection and the next query opens a new one
        pool.on('error', (err) => logger.warn(`an idle database connection was closed: ${err.message}`));
        // counted in the service's metrics (pg_pool_connections and the like, read when scraped)
        return serviceMetrics(opts.service, config.prefix).watchPool(pool);
      },
      inject: [APP_CONFIG],
    },
    {
      provide: NATS_CONNECTION,
      useFactory: (config: AppConfig) => connect(natsOptions(config.natsUrl, `${opts.service}-changes`)),
      inject: [APP_CONFIG],
    },
    {
      provide: ChangePublisher,
      useFactory: (nc: NatsConnection, pool: Pool, config: AppConfig) =>
        new ChangePublisher(nc, {
          pool,
          schema: opts.schema,
          service: opts.service,
          prefix: config.prefix,
          logger: { error: (m, e) => logger.error(`${m}: ${e instanceof Error ? e.message : String(e)}`) },
        }),
      inject: [NATS_CONNECTION, PG_POOL, APP_CONFIG],
    },
    {
      provide: DocumentStore,
      useFactory: (pool: Pool, publisher: ChangePublisher) => new DocumentStore({ pool, schema: opts.schema, service: opts.service, publisher }),
      inject: [PG_POOL, ChangePublisher],
    },
    // <service>.backup.* on the same store, for the accounts service's backups (documents/backup-responder.ts)
    ...backupProviders(opts, { pool: PG_POOL, nc: NATS_CONNECTION, config: APP_CONFIG }),
  ];
}

/** Closes the mail queue's Redis connection on shutdown. */
@Injectable()
export class MailQueueCloser implements OnApplicationShutdown {
  constructor(private readonly queue: MailQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/** The mail queue a service sends through (the worker runs in the identity process), closed on shutdown. */
export function mailQueueProviders(): Provider[] {
  return [{ provide: MailQueue, useFactory: (config: AppConfig) => new MailQueue(config), inject: [APP_CONFIG] }, MailQueueCloser];
}
