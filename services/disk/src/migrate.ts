import { Pool } from 'pg';
import { loadConfig } from '@app/platform';
import { migrateDisk } from './database';

// Applies the disk schema's migrations to DATABASE_URL (creating the schema `disk`), then exits.
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  try {
    await migrateDisk(pool);
    console.log('disk: migrations applied');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
