// The identity service as a library, for in-process starts (e2e tests): createMicroservice(IdentityModule, 'identity').
export { IdentityModule } from './identity.module';
export { ShutdownTasks } from './common/shutdown-tasks';
export { migrateIdentity, MIGRATIONS_FOLDER } from './database';
export { IDENTITY_SCHEMA, USERS_DB } from './identity.schema';
