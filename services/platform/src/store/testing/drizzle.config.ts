import path from 'path';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit config of the store's test schema; a service keeps the same file next to its package.json.
export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(__dirname, 'schema.ts'),
  out: path.join(__dirname, 'drizzle'),
  schemaFilter: ['platform_test', 'platform_test_events'],
});
