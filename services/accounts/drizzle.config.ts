import path from 'path';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the accounts schema's migrations from src/accounts.schema.ts into ./drizzle:
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/accounts/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(__dirname, 'src/accounts.schema.ts'),
  out: path.join(__dirname, 'drizzle'),
  schemaFilter: ['accounts'],
});
