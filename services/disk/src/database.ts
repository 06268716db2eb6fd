import { Provider } from '@nestjs/common';
import path from 'path';
import { Pool } from 'pg';
import { migrateSchema, moduleDatabaseProviders } from '@app/platform';
import { DISK_SCHEMA } from './disk.schema';
import { BLOB_STORE } from './common/tokens';
import { DISK_CONFIG, DiskConfig, loadDiskConfig } from './common/disk-config';
import { LocalBlobStore } from './blobs/local-blob-store';

/** drizzle-kit's output, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Applies the disk schema's migrations (idempotent; copies starting together take turns). */
export function migrateDisk(pool: Pool): Promise<void> {
  return migrateSchema(pool, { schema: DISK_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER });
}

export const databaseProviders: Provider[] = [
  { provide: DISK_CONFIG, useFactory: () => loadDiskConfig() },
  {
    provide: BLOB_STORE,
    useFactory: async (config: DiskConfig) => {
      // the AWS SDK is loaded only when the bucket is used (it adds tens of MB to the process)
      if (config.blobStore === 's3') return new (await import('./blobs/s3-blob-store')).S3BlobStore(config.s3);
      const store = new LocalBlobStore(config.dataDir);
      await store.init();
      return store;
    },
    inject: [DISK_CONFIG],
  },
  ...moduleDatabaseProviders({ service: 'disk', schema: DISK_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }),
];
