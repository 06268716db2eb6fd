import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import path from 'path';
import { Pool } from 'pg';
import { ChangePublisher, migrateSchema, storeProviders } from '@app/platform';
import { NATS_CONNECTION, PG_POOL } from './common/tokens';
import { IDENTITY_SCHEMA } from './identity.schema';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the identity schema's migrations (idempotent; copies starting together take turns). */
export function migrateIdentity(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: IDENTITY_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

const logger = new Logger('identity-db');

/**
 * Runs the migrations before the service answers; on shutdown stops publishing change events, then closes the NATS
 * connection of the publisher and the pool.
 */
@Injectable()
export class IdentityDatabase implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly publisher: ChangePublisher,
  ) {}

  async onModuleInit(): Promise<void> {
    await migrateIdentity(this.pool);
    logger.log(`schema ${IDENTITY_SCHEMA} migrated`);
    this.publisher.requestFlush(); // what a previous run left in the outbox
  }

  private closed = false;

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.publisher.close();
    await this.nc.drain().catch(() => undefined);
    await this.pool.end();
  }
}

export const databaseProviders: Provider[] = [...storeProviders({ service: 'identity', schema: IDENTITY_SCHEMA }), IdentityDatabase];
