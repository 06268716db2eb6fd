import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type Redis from 'ioredis';
import { AccountsService } from './accounts/accounts.service';
import { DatabasesController } from './accounts/databases.controller';
import { GroupsController } from './accounts/groups.controller';
import { CallerGuard } from './auth/caller.guard';
import { BackupsController } from './backups/backups.controller';
import { BackupsService } from './backups/backups.service';
import { BackupUploadParser } from './backups/backup-upload-parser';
import { BillingController } from './billing/billing.controller';
import { BillingService } from './billing/billing.service';
import { CallerResolver } from './auth/caller.resolver';
import { SessionCookies } from './auth/session-cookies';
import { SessionProfileLoader } from './auth/session-profile';
import { SessionStore } from './auth/session.store';
import { TokenVerifier } from './auth/token.verifier';
import { GATEWAY_CONFIG, GatewayConfig } from './config/gateway-config';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { TenancyService } from './documents/tenancy.service';
import { HttpErrorFilter } from './http/error.filter';
import { FastLane } from './http/fast-lane';
import { GREADER_PROVIDERS, GreaderController } from './greader';
import { LIVE_PROVIDERS, LiveController } from './live';
import { configProvider, Connections, REDIS, redisProvider, rpcProvider } from './infra/infra.providers';
import { RateLimiter } from './rate-limit/rate-limiter';
import { DiskProxy } from './disk/disk-proxy';
import { RawCallers } from './auth/raw-callers';
import { ImportUpload } from './imports/import-upload';
import { BookmarksUpload } from './imports/bookmarks-upload';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { MetricsController } from './metrics/metrics.controller';
import { QueueBoard } from './queues/queue-board';
import { ReceiptsController } from './receipts/receipts.controller';
import { ReceiptsService } from './receipts/receipts.service';
import { RootController } from './root/root.controller';
import { SessionController } from './session/session.controller';
import { SessionService } from './session/session.service';
import { STATUS_PAGE_CONTROLLERS, STATUS_PAGE_PROVIDERS } from './status-page';
import { MailPreferencesController } from './unsubscribe/mail-preferences.controller';
import { UnsubscribeController } from './unsubscribe/unsubscribe.controller';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { WebController } from './web/web.controller';

@Module({
  controllers: [WebController, RootController, SessionController, UsersController, GroupsController, DatabasesController, BillingController, ReceiptsController, GreaderController, LiveController, BackupsController, MetricsController, UnsubscribeController, MailPreferencesController, ...STATUS_PAGE_CONTROLLERS, DocumentsController],
  providers: [
    configProvider,
    redisProvider,
    rpcProvider,
    Connections,
    {
      provide: RateLimiter,
      inject: [REDIS, GATEWAY_CONFIG],
      useFactory: (redis: Redis, config: GatewayConfig) => new RateLimiter(redis, config.prefix),
    },
    SessionStore,
    SessionCookies,
    SessionProfileLoader,
    TokenVerifier,
    CallerResolver,
    TenancyService,
    SessionService,
    UsersService,
    DocumentsService,
    AccountsService,
    BillingService,
    ReceiptsService,
    FastLane,
    RawCallers,
    DiskProxy,
    ImportUpload,
    BookmarksUpload,
    BackupsService,
    BackupUploadParser,
    QueueBoard,
    GatewayMetrics,
    ...GREADER_PROVIDERS,
    ...LIVE_PROVIDERS,
    ...STATUS_PAGE_PROVIDERS,
    { provide: APP_GUARD, useClass: CallerGuard },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
  ],
})
export class GatewayModule {}
