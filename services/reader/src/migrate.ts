import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateReader } from './database';

// Applies the reader schema's migrations to DATABASE_URL (creating the schema `reader`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateReader(pool);
    console.log('reader: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
