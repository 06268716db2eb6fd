import { documentTables } from '@app/platform';

// The notes service's Postgres schema: the platform's document tables for handbooks (a markdown wiki) and bookmarks.
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/notes/drizzle.config.ts`.
export const NOTES_SCHEMA = 'notes';

export const { schema, documents, outbox } = documentTables(NOTES_SCHEMA, {
  indexes: () => [],
});
