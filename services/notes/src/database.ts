import { Provider } from '@nestjs/common';
import path from 'path';
import { Pool } from 'pg';
import { migrateSchema, moduleDatabaseProviders } from '@app/platform';
import { NOTES_SCHEMA } from './notes.schema';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the notes schema's migrations (idempotent; copies starting together take turns). */
export function migrateNotes(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: NOTES_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

export const databaseProviders: Provider[] = [
  ...moduleDatabaseProviders({ service: 'notes', schema: NOTES_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }),
];
