import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, BeforeApplicationShutdown, Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import path from 'path';
import { Pool } from 'pg';
import { AppConfig, ChangePublisher, migrateSchema, RpcClient, storeProviders } from '@app/platform';
import { DISK_SCHEMA } from './disk.schema';
import { APP_CONFIG, BLOB_STORE, NATS_CONNECTION, PG_POOL, RPC_CLIENT } from './common/tokens';
import { DISK_CONFIG, DiskConfig, loadDiskConfig } from './common/disk-config';
import { LocalBlobStore } from './blobs/local-blob-store';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the disk schema's migrations (idempotent; copies starting together take turns). */
export function migrateDisk(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: DISK_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

const logger = new Logger('disk-db');

/**
 * Runs the migrations before the service answers; on shutdown stops the publisher, then closes the NATS
 * connections and the pool.
 */
@Injectable()
export class DiskDatabase implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private closed = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly publisher: ChangePublisher,
  ) {}

  async onModuleInit(): Promise<void> {
    await migrateDisk(this.pool);
    logger.log(`schema ${DISK_SCHEMA} migrated`);
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

export const databaseProviders: Provider[] = [
  { provide: DISK_CONFIG, useFactory: () => loadDiskConfig() },
  {
    provide: BLOB_STORE,
    useFactory: async (config: DiskConfig) => {
      // the AWS SDK is loaded only when the bucket is used (it adds tens of MB to the process)
      if (config.blobStore === 's3') return new (await import('./blobs/s3-blob-store')).S3BlobStore(config.s3);
      const store = new LocalBlobStore(config.dataDir);
      await store.init();
      return store;
    },
    inject: [DISK_CONFIG],
  },
  ...storeProviders({ service: 'disk', schema: DISK_SCHEMA }),
  { provide: RPC_CLIENT, useFactory: (config: AppConfig) => new RpcClient(config.natsUrl), inject: [APP_CONFIG] },
  DiskDatabase,
];
