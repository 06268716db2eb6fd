// The finance service as a library, for in-process starts (e2e tests): createMicroservice(FinanceModule, 'finance').
export { FinanceModule } from './finance.module';
export { migrateFinance, MIGRATIONS_FOLDER } from './database';
export { FINANCE_SCHEMA } from './finance.schema';
