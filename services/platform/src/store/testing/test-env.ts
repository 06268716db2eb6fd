import path from 'path';
import { randomBytes } from 'crypto';
import { Pool } from 'pg';
import { connect, type NatsConnection } from 'nats';
import { migrateSchema } from '../migrate';
import { EVENTS_TEST_SCHEMA, TEST_SCHEMA } from './schema';

// Shared by the store, mango and events tests: the run's database (DATABASE_URL from test/global-setup.js) with the
// test schema migrated through the real drizzle-kit migrations, and the local NATS.

export { EVENTS_TEST_SCHEMA, TEST_SCHEMA };
export const TEST_MIGRATIONS = path.join(__dirname, 'drizzle');

export async function openTestPool(): Promise<Pool> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await migrateSchema(pool, { schema: TEST_SCHEMA, migrationsFolder: TEST_MIGRATIONS });
  return pool;
}

export function openTestNats(): Promise<NatsConnection> {
  return connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
}

/** A database name (account id) of its own, so test files running side by side never see each other's documents. */
export function testDb(): string {
  return `acc-${randomBytes(8).toString('hex')}`;
}
