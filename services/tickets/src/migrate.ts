import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateTickets } from './database';

// Applies the tickets schema's migrations to DATABASE_URL (creating the schema `tickets`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateTickets(pool);
    console.log('tickets: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
