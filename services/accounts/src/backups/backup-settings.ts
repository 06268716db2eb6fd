import path from 'path';
import { internalSecret } from '@app/platform';
import type { DiskBlobsSettings } from './disk-blobs.client';

// The backups' settings (docs/running.md): where archives live, how many are kept, the scheduler, where the disk's
// bytes are fetched and stored.

export interface BackupSettings {
  /** BACKUP_DIR: the archives (the gateway reads the same folder to serve downloads and writes uploads there) */
  dir: string;
  /** BACKUP_KEEP: archives kept per group (and per owner for combined ones); older ones are deleted */
  keep: number;
  /** BACKUP_SCHEDULE=on|off: the scheduler that backs up groups on their plan's schedule (default on, off in tests) */
  scheduleOn: boolean;
  /** BACKUP_SCHEDULER_EVERY_S: how often the scheduler looks for due groups */
  schedulerEveryS: number;
  /** BACKUP_CONCURRENCY: backup and restore jobs at once per accounts process */
  concurrency: number;
  /** BACKUP_RPC_TIMEOUT_MS: one page's export or restore call */
  rpcTimeoutMs: number;
}

function int(value: string | undefined, dflt: number, min: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : dflt;
}

/** The repository (this file is services/accounts/{src,dist}/backups/): BACKUP_DIR's default is under it. */
const REPOSITORY = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * BACKUP_DIR, or `.run/backups` of the repository by default (`make up`): the same folder whatever directory the
 * process runs in, since the gateway must find the accounts service's archives (gateway/src/backups backupDir).
 */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(REPOSITORY, '.run', 'backups');
}

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const schedule = env.BACKUP_SCHEDULE ?? (env.NODE_ENV === 'test' ? 'off' : 'on');
  return {
    dir: backupDir(env),
    keep: int(env.BACKUP_KEEP, 5, 1),
    scheduleOn: schedule !== 'off',
    schedulerEveryS: int(env.BACKUP_SCHEDULER_EVERY_S, 3600, 1),
    concurrency: int(env.BACKUP_CONCURRENCY, 1, 1),
    rpcTimeoutMs: int(env.BACKUP_RPC_TIMEOUT_MS, 60_000, 1000),
  };
}

/**
 * Where a backup fetches and a restore stores the group's file bytes: DISK_HTTP_URL (every copy of the disk service's
 * HTTP server, comma separated, as the gateway has it), INTERNAL_SECRET, BACKUP_HTTP_TIMEOUT_MS.
 */
export function diskBlobsSettings(env: NodeJS.ProcessEnv = process.env): DiskBlobsSettings {
  const urls = (env.DISK_HTTP_URL || `http://127.0.0.1:${env.DISK_HTTP_PORT || '3010'}`)
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  return { urls, secret: internalSecret(env), timeoutMs: int(env.BACKUP_HTTP_TIMEOUT_MS, 60_000, 1000) };
}
