import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the reader schema's migrations from src/reader.schema.ts into ./drizzle:
// run from the repository's root (the paths are relative to it):
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/reader/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/reader/src/reader.schema.ts',
  out: './services/reader/drizzle',
  schemaFilter: ['reader'],
});
