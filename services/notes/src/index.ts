// The notes service as a library, for in-process starts (e2e tests): createMicroservice(NotesModule, 'notes').
export { NotesModule } from './notes.module';
export { migrateNotes, MIGRATIONS_FOLDER } from './database';
export { NOTES_SCHEMA } from './notes.schema';
