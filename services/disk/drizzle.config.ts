import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the disk schema's migrations from src/disk.schema.ts into ./drizzle:
// run from the repository's root (the paths are relative to it):
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/disk/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
// The root of the disk is the group itself (no document): entries at the root have no dir_id.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/disk/src/disk.schema.ts',
  out: './services/disk/drizzle',
  schemaFilter: ['disk'],
});
