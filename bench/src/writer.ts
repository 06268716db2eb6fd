// The "another service" of the change-feed benches: a DocumentStore of the tickets service's klasses on a bench
// schema, publishing its change events through the outbox and JetStream exactly as a service does.
import path from 'node:path';
import { connect, NatsConnection } from 'nats';
import { Pool } from 'pg';
import { ChangePublisher, DocumentStore, migrateSchema } from '@app/platform';
import { ROOT } from './stack';

const SCHEMA = 'platform_test'; // the store's own test schema and migrations, reused as the bench writer's tables

export interface Writer {
  store: DocumentStore;
  close(): Promise<void>;
}

export async function ticketWriter(dbUrl: string, prefix: string): Promise<Writer> {
  const pool = new Pool({ connectionString: dbUrl, max: 10 });
  await migrateSchema(pool, { schema: SCHEMA, migrationsFolder: path.join(ROOT, 'services/platform/src/store/testing/drizzle') });
  const nc: NatsConnection = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
  const publisher = new ChangePublisher(nc, { pool, schema: SCHEMA, service: 'tickets', prefix });
  const store = new DocumentStore({ pool, schema: SCHEMA, service: 'tickets', publisher });
  return {
    store,
    async close() {
      await publisher.close();
      await nc.drain();
      await pool.end();
    },
  };
}
