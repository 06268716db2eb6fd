import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateIdentity } from './database';

// Applies the identity schema's migrations to DATABASE_URL (creating the schema `identity`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateIdentity(pool);
    console.log('identity: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
