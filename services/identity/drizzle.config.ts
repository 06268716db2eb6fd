import path from 'path';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit generates the identity schema's migrations from src/identity.schema.ts into ./drizzle:
//   npx tsc -b services/platform && npx drizzle-kit generate --config services/identity/drizzle.config.ts
// (the schema file imports @app/platform, whose package entry is its built dist/). The service applies them at start.
// drizzle-kit reads `out` relative to the working directory (an absolute path breaks its snapshot reads), hence
// path.relative: the command works from the repository root and from this folder alike.
const here = (p: string) => path.relative(process.cwd(), path.join(__dirname, p)) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: here('src/identity.schema.ts'),
  out: here('drizzle'),
  schemaFilter: ['identity'],
});
