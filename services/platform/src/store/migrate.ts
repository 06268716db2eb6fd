import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { checkSchemaName } from './document-tables';

// Runs a service's drizzle-kit migrations with drizzle-orm's migrator, keeping the migrations table
// (`__drizzle_migrations`) inside the service's own schema. See document-tables.ts for how migrations are generated.

export interface MigrateOptions {
  /** the service's Postgres schema, e.g. 'tickets' */
  schema: string;
  /** the folder drizzle-kit generated (holding meta/_journal.json) */
  migrationsFolder: string;
}

/**
 * Applies the pending migrations of one schema. Copies of a service starting together take turns (an advisory lock
 * per schema), so each migration runs once.
 */
export async function migrateSchema(pool: Pool, opts: MigrateOptions): Promise<void> {
  const schema = checkSchemaName(opts.schema);
  const config = { migrationsFolder: opts.migrationsFolder, migrationsSchema: schema, migrationsTable: '__drizzle_migrations' };
  // The migrator creates the schema first (for its table), so the generated `CREATE SCHEMA "x"` must tolerate it.
  const migrations = readMigrationFiles(config).map((m) => ({
    ...m,
    sql: m.sql.map((stmt) => stmt.replace(/^(\s*CREATE SCHEMA)(\s+"[^"]+"\s*;?\s*)$/i, '$1 IF NOT EXISTS$2')),
  }));
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // the statement timeout bounds requests; building an index on a big table, or waiting for another copy's
    // migrations, may take longer
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    try {
      const db = drizzle(client);
      await new PgDialect().migrate(migrations, db._.session as unknown as Parameters<PgDialect['migrate']>[1], config);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]);
    }
  } finally {
    // back to the connection's own timeout; a connection that cannot be reset is closed, not reused without one
    await client.query('RESET statement_timeout').catch((e: Error) => (broken = e));
    client.release(broken);
  }
}
