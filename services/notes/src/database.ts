import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, BeforeApplicationShutdown, Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import path from 'path';
import { Pool } from 'pg';
import { AppConfig, ChangePublisher, migrateSchema, RpcClient, storeProviders } from '@app/platform';
import { NOTES_SCHEMA } from './notes.schema';
import { APP_CONFIG, NATS_CONNECTION, PG_POOL, RPC_CLIENT } from './common/tokens';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the notes schema's migrations (idempotent; copies starting together take turns). */
export function migrateNotes(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: NOTES_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

const logger = new Logger('notes-db');

/**
 * Runs the migrations before the service answers; on shutdown stops the publisher, then closes the NATS
 * connections and the pool.
 */
@Injectable()
export class NotesDatabase implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private closed = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly publisher: ChangePublisher,
  ) {}

  async onModuleInit(): Promise<void> {
    await migrateNotes(this.pool);
    logger.log(`schema ${NOTES_SCHEMA} migrated`);
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
  ...storeProviders({ service: 'notes', schema: NOTES_SCHEMA }),
  { provide: RPC_CLIENT, useFactory: (config: AppConfig) => new RpcClient(config.natsUrl), inject: [APP_CONFIG] },
  NotesDatabase,
];
