import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the finance schema's migrations from src/finance.schema.ts into ./drizzle:
// run from the repository's root (the paths are relative to it):
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/finance/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
// The root of the finance is the group itself (no document): entries at the root have no dir_id.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/finance/src/finance.schema.ts',
  out: './services/finance/drizzle',
  schemaFilter: ['finance'],
});
