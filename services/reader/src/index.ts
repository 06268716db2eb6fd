// The reader service as a library, for in-process starts (e2e tests): createMicroservice(ReaderModule, 'reader').
export { ReaderModule } from './reader.module';
export { migrateReader, MIGRATIONS_FOLDER } from './database';
export { READER_SCHEMA } from './reader.schema';
