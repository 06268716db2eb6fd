import { createHash } from 'crypto';
import { sql } from 'drizzle-orm';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, type IndexBuilder } from 'drizzle-orm/pg-core';
import { fieldSql, parseFieldPath } from '../mango/field-path';

// The tables of one service, in its own Postgres schema: `documents` (every document of every klass the service owns,
// the body as jsonb) and `outbox` (change events written in the same transaction as the document, published to
// JetStream by ChangePublisher).
//
// How a service gets its migrations (drizzle-kit generates them from its schema file, the service runs them at start):
//   1. src/db/schema.ts:   export const { schema, documents, outbox } = documentTables('tickets', {
//                            indexes: (t) => [klassIndex(t, 'Ticket', 'status'), klassIndex(t, 'Customer', 'name')] });
//      (export `schema` too: drizzle-kit writes CREATE SCHEMA only for an exported pgSchema)
//   2. drizzle.config.ts:  defineConfig({ dialect: 'postgresql', schema: './src/db/schema.ts', out: './drizzle',
//                            schemaFilter: ['tickets'] })          (see store/testing/drizzle.config.ts)
//   3. after changing the schema file: `npx drizzle-kit generate --config services/tickets/drizzle.config.ts`,
//      commit the new drizzle/*.sql and drizzle/meta files;
//   4. at start: `await migrateSchema(pool, { schema: 'tickets', migrationsFolder: path.join(__dirname, '../drizzle') })`.

export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}" (lowercase letters, digits, _)`);
  return schema;
}

function documentColumns() {
  return {
    accountId: text('account_id').notNull(),
    id: text('id').notNull(),
    klass: text('klass').notNull(),
    rev: text('rev').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
    size: integer('size'),
  };
}

/** The columns a per-klass index is declared on (what the table callback of documentTables hands out). */
export type DocumentColumns = BuildExtraConfigColumns<'documents', ReturnType<typeof documentColumns>, 'pg'>;

export interface DocumentTablesOptions {
  /** per-klass expression indexes, e.g. `(t) => [klassIndex(t, 'User', 'email', { unique: true })]` */
  indexes?: (t: DocumentColumns) => IndexBuilder[];
}

export function documentTables<S extends string>(schemaName: S, options: DocumentTablesOptions = {}) {
  const schema = pgSchema(checkSchemaName(schemaName) as S);
  const documents = schema.table('documents', documentColumns(), (t) => [
    primaryKey({ name: 'documents_pkey', columns: [t.accountId, t.id] }),
    index('documents_account_klass_idx').on(t.accountId, t.klass).where(sql.raw('NOT deleted')),
    ...(options.indexes ? options.indexes(t) : []),
  ]);
  const outbox = schema.table('outbox', {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  });
  return { schema, documents, outbox };
}

export type DocumentTables = ReturnType<typeof documentTables>;

function indexName(klass: string, field: string, unique: boolean): string {
  const base = `documents_${klass}_${field}`.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const suffix = unique ? '_key' : '_idx';
  if (base.length + suffix.length <= 63) return base + suffix;
  const hash = createHash('md5').update(`${klass}\u0000${field}`).digest('hex').slice(0, 8);
  return `${base.slice(0, 63 - suffix.length - 9)}_${hash}${suffix}`;
}

/**
 * An expression index for a field that screens filter or sort on, for one klass:
 * `(account_id, (body #> '{field}'::text[])) WHERE klass = '<klass>' AND NOT deleted`. The expression is fieldSql(),
 * the one the selector translator writes, so `{klass: 'User', email: …}` finds (or sorts by) it. `field` may be dotted.
 */
export function klassIndex(t: DocumentColumns, klass: string, field: string, opts: { unique?: boolean } = {}): IndexBuilder {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(klass)) throw new Error(`invalid klass "${klass}"`);
  const path = parseFieldPath(field);
  const name = indexName(klass, field, !!opts.unique);
  const builder = opts.unique ? uniqueIndex(name) : index(name);
  return builder
    .on(t.accountId, sql.raw(fieldSql('body', path)))
    .where(sql.raw(`klass = '${klass}' AND NOT deleted`));
}
