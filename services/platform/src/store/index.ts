// The document store on Postgres: tables and migrations of a service's schema, and the store itself.
export { DocumentStore, type CreateHook, type CreateOptions, type UpdateHook, type UpdateOptions, type DocumentStoreOptions, type FindOptions, type FlushRequester } from './document-store';
export { documentTables, klassIndex, type DocumentTables, type DocumentTablesOptions, type DocumentColumns } from './document-tables';
export { migrateSchema, type MigrateOptions } from './migrate';
export { buildFindSql, DEFAULT_FIND_LIMIT, type FindSql, type FindSqlInput } from './find-sql';
export { mapPgError } from './pg-errors';
export { KeyedLimiter, type KeyedLimits } from './keyed-limiter';
export { revNumber, labelOf, newDocId } from './document-body';
