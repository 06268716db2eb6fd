import { Provider } from '@nestjs/common';
import path from 'path';
import { Pool } from 'pg';
import { migrateSchema, moduleDatabaseProviders } from '@app/platform';
import { TICKETS_SCHEMA } from './tickets.schema';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the tickets schema's migrations (idempotent; copies starting together take turns). */
export function migrateTickets(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: TICKETS_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

export const databaseProviders: Provider[] = [
  ...moduleDatabaseProviders({ service: 'tickets', schema: TICKETS_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }),
];
