import { Provider } from '@nestjs/common';
import { AppConfig, RpcClient } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { FreeLimitNotices } from '../limit-notices/free-limit-notices';
import { FreeLimitRepository } from '../limit-notices/free-limit.repository';
import { scheduledMailSettings } from './scheduled-mail-settings';
import { SummariesRepository } from './summaries.repository';
import { SCHEDULED_MAIL_SETTINGS, SummaryQueue } from './summary-queue';
import { UnsubscribeService } from './unsubscribe.service';
import { SCHEDULED_MAIL_RPC, WeeklySummaries } from './weekly-summaries';

export { UnsubscribeController } from './unsubscribe.controller';

/** The scheduled mails' providers in the accounts module: the weekly summary, the Free-plan limit notice, unsubscribe. */
export const scheduledMailProviders: Provider[] = [
  { provide: SCHEDULED_MAIL_SETTINGS, useFactory: () => scheduledMailSettings() },
  { provide: SCHEDULED_MAIL_RPC, useFactory: (config: AppConfig) => new RpcClient(config.natsUrl), inject: [APP_CONFIG] },
  SummariesRepository,
  WeeklySummaries,
  SummaryQueue,
  FreeLimitRepository,
  FreeLimitNotices,
  UnsubscribeService,
];
