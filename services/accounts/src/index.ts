// The accounts service as a library, for in-process starts (e2e tests): createMicroservice(AccountsModule, 'accounts').
export { AccountsModule } from './accounts.module';
export { migrateAccounts, MIGRATIONS_FOLDER } from './database';
export { ACCOUNTS_SCHEMA } from './accounts.schema';
