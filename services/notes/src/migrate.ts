import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateNotes } from './database';

// Applies the notes schema's migrations to DATABASE_URL (creating the schema `notes`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateNotes(pool);
    console.log('notes: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
