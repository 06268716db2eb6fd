import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateFinance } from './database';

// Applies the finance schema's migrations to DATABASE_URL (creating the schema `finance`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateFinance(pool);
    console.log('finance: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
