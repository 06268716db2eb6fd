import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateAccounts } from './database';

// Applies the accounts schema's migrations to DATABASE_URL (creating the schema `accounts`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateAccounts(pool);
    console.log('accounts: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
