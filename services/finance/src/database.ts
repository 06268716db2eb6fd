import { Provider } from '@nestjs/common';
import path from 'path';
import { Pool } from 'pg';
import { migrateSchema, moduleDatabaseProviders } from '@app/platform';
import { FINANCE_SCHEMA } from './finance.schema';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the finance schema's migrations (idempotent; copies starting together take turns). */
export function migrateFinance(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: FINANCE_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

export const databaseProviders: Provider[] = [
  ...moduleDatabaseProviders({ service: 'finance', schema: FINANCE_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }),
];
