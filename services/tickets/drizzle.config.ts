import path from 'path';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the tickets schema's migrations from src/tickets.schema.ts into ./drizzle:
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/tickets/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
// 0000 starts with `CREATE EXTENSION IF NOT EXISTS pg_trgm` (added by hand: drizzle-kit does not write extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(__dirname, 'src/tickets.schema.ts'),
  out: path.join(__dirname, 'drizzle'),
  schemaFilter: ['tickets'],
});
