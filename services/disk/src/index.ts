// The disk service as a library, for in-process starts (e2e tests): createMicroservice(DiskModule, 'disk').
export { DiskModule } from './disk.module';
export { migrateDisk, MIGRATIONS_FOLDER } from './database';
export { DISK_SCHEMA } from './disk.schema';
export { DiskHttpServer } from './http/disk-http';
export { DiskSweeper } from './files/disk-sweeper';
