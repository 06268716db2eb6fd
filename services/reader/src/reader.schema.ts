import { documentTables } from '@app/platform';

// The reader service's Postgres schema: the platform's document tables for feed subscriptions, labels and their items.
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/reader/drizzle.config.ts`.
export const READER_SCHEMA = 'reader';

export const { schema, documents, outbox } = documentTables(READER_SCHEMA, {
  indexes: () => [],
});
