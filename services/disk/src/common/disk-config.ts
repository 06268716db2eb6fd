import path from 'path';
import { internalSecret } from '@app/platform';

// The disk service's settings beyond the platform's (docs/running.md lists them).
export interface DiskConfig {
  /** where the local blob store keeps the files' bytes and the uploads in progress */
  dataDir: string;
  /** the HTTP server of the bytes (/files, /dav), reached by the gateway only */
  httpHost: string;
  httpPort: number;
  /** the secret the gateway signs callers with */
  internalSecret: string;
  /** days a trashed file stays restorable */
  trashDays: number;
  /** where the bytes go: the local directory (default) or an S3-compatible bucket */
  blobStore: 'local' | 's3';
  s3: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
}

export const DISK_CONFIG = Symbol('DISK_CONFIG');

export function loadDiskConfig(env: NodeJS.ProcessEnv = process.env): DiskConfig {
  return {
    dataDir: path.resolve(env.DISK_DATA_DIR || path.join(process.cwd(), 'data', 'disk')),
    httpHost: env.DISK_HTTP_HOST || '127.0.0.1',
    httpPort: Number(env.DISK_HTTP_PORT ?? 3010),
    internalSecret: internalSecret(env),
    trashDays: Number(env.DISK_TRASH_DAYS || 30),
    blobStore: env.DISK_BLOB_STORE === 's3' ? 's3' : 'local',
    s3: {
      bucket: env.S3_BUCKET || 'servicedesk-disk',
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    },
  };
}
