import { Provider } from '@nestjs/common';
import path from 'path';
import { Pool } from 'pg';
import { migrateSchema, moduleDatabaseProviders } from '@app/platform';
import { READER_SCHEMA } from './reader.schema';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the reader schema's migrations (idempotent; copies starting together take turns). */
export function migrateReader(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: READER_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

export const databaseProviders: Provider[] = [
  ...moduleDatabaseProviders({ service: 'reader', schema: READER_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }),
];
