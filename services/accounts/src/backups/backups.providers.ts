import { Provider } from '@nestjs/common';
import { AppConfig, RpcClient } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { BackupQueue } from './backup-queue';
import { BACKUP_RPC, BACKUP_SETTINGS, BackupRunner } from './backup-runner';
import { backupSettings } from './backup-settings';
import { BackupsRepository } from './backups.repository';
import { BackupsService } from './backups.service';

export { BackupsController } from './backups.controller';

/** The backups' providers in the accounts module (they use its store, pool, config and groups). */
export const backupsProviders: Provider[] = [
  { provide: BACKUP_SETTINGS, useFactory: () => backupSettings() },
  { provide: BACKUP_RPC, useFactory: (config: AppConfig) => new RpcClient(config.natsUrl), inject: [APP_CONFIG] },
  BackupsRepository,
  BackupRunner,
  BackupQueue,
  BackupsService,
];
