// The tickets service as a library, for in-process starts (e2e tests): createMicroservice(TicketsModule, 'tickets').
export { TicketsModule } from './tickets.module';
export { migrateTickets, MIGRATIONS_FOLDER } from './database';
export { TICKETS_SCHEMA } from './tickets.schema';
