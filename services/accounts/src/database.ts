import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit, Optional, Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import path from 'path';
import { Pool } from 'pg';
import { AppConfig, ChangePublisher, migrateSchema, storeProviders } from '@app/platform';
import { ACCOUNTS_SCHEMA } from './accounts.schema';
import { ChangeConsumer } from './changes/change-consumer';
import { ChangesRepository } from './changes/changes.repository';
import { APP_CONFIG, LOCK_POOL, NATS_CONNECTION, PG_POOL } from './common/tokens';
import { FreeLimitNotices } from './limit-notices/free-limit-notices';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the accounts schema's migrations (idempotent; copies starting together take turns). */
export function migrateAccounts(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: ACCOUNTS_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

const logger = new Logger('accounts-db');

/**
 * Runs the migrations before the service answers, starts the change consumer once everything is up, and on shutdown
 * stops the consumer, then the publisher, then closes the NATS connection and the pool.
 */
@Injectable()
export class AccountsDatabase implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly consumer: ChangeConsumer;
  private closed = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(LOCK_POOL) private readonly lockPool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly publisher: ChangePublisher,
    changes: ChangesRepository,
    @Optional() limitNotices?: FreeLimitNotices,
  ) {
    this.consumer = new ChangeConsumer(nc, changes, {
      prefix: config.prefix,
      logger: { error: (m) => logger.error(m), warn: (m) => logger.warn(m) },
      // the Free-plan limit check, after each commit and off the consumer's path
      onLogged: limitNotices ? (logged) => limitNotices.changesLogged(logged) : undefined,
    });
  }

  async onModuleInit(): Promise<void> {
    await migrateAccounts(this.pool);
    logger.log(`schema ${ACCOUNTS_SCHEMA} migrated`);
    this.publisher.requestFlush(); // what a previous run left in the outbox
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer.stop();
    await this.publisher.close();
  }

  /** Idempotent: a signal and an explicit close may both ask. */
  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.nc.drain().catch(() => undefined);
    await this.pool.end();
    await this.lockPool.end();
  }
}

export const databaseProviders: Provider[] = [
  ...storeProviders({ service: 'accounts', schema: ACCOUNTS_SCHEMA }),
  {
    provide: LOCK_POOL,
    useFactory: (config: AppConfig) => new Pool({ connectionString: config.databaseUrl, max: Number(process.env.PG_LOCK_POOL_MAX || 4) }),
    inject: [APP_CONFIG],
  },
  ChangesRepository,
  AccountsDatabase,
];
