import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Pool } from 'pg';
import type { ServiceName } from '@app/proto';
import { AppConfig } from '../config/config';
import { ChangePublisher } from '../events/change-publisher';
import { RpcClient } from '../rpc/rpc-client';
import { serviceMetrics } from '../metrics/service-metrics';
import { migrateSchema } from '../store/migrate';
import { APP_CONFIG, NATS_CONNECTION, PG_POOL, storeProviders } from './service-providers';

/** The RpcClient a module service calls other services with (accounts, for membership checks). */
export const RPC_CLIENT = Symbol('RPC_CLIENT');

export interface ModuleDatabaseOptions {
  service: ServiceName;
  schema: string;
  /** drizzle-kit's output folder of the service (beside src/ and dist/) */
  migrationsFolder: string;
}

/**
 * The start and stop of a module service's database (tickets, disk, finance, reader, notes): the schema's migrations
 * run before the service answers (copies starting together take turns), then the outbox a previous run left is
 * flushed; on shutdown the change publisher stops first, then the NATS connections and the pool close.
 */
export function moduleDatabaseProviders(opts: ModuleDatabaseOptions): Provider[] {
  const logger = new Logger(`${opts.service}-db`);

  @Injectable()
  class ModuleDatabase implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
    private closed = false;

    constructor(
      @Inject(PG_POOL) private readonly pool: Pool,
      @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
      @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
      private readonly publisher: ChangePublisher,
    ) {}

    async onModuleInit(): Promise<void> {
      await migrateSchema(this.pool, { schema: opts.schema, migrationsFolder: opts.migrationsFolder });
      logger.log(`schema ${opts.schema} migrated`);
      this.publisher.requestFlush(); // what a previous run left in the outbox
    }

    async beforeApplicationShutdown(): Promise<void> {
      await this.publisher.close();
    }

    /** Idempotent: a signal and an explicit close may both ask. */
    async onApplicationShutdown(): Promise<void> {
      if (this.closed) return;
      this.closed = true;
      await this.rpc.close().catch(() => undefined);
      await this.nc.drain().catch(() => undefined);
      await this.pool.end();
    }
  }

  return [
    ...storeProviders({ service: opts.service, schema: opts.schema }),
    {
      provide: RPC_CLIENT,
      useFactory: (config: AppConfig) => new RpcClient(config.natsUrl).observeWith(serviceMetrics(opts.service, config.prefix).rpcClient),
      inject: [APP_CONFIG],
    },
    ModuleDatabase,
  ];
}
