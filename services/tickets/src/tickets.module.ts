import { Module } from '@nestjs/common';
import { healthController, mailQueueProviders } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { References } from './common/references';
import { TicketsRepository } from './tickets/tickets.repository';
import { CopiedNamesSubscription } from './records/copied-names';
import { ReceiptsModule } from './receipts/receipts.module';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsService } from './reports/reports.service';
import { restoreHookProvider } from './common/restore-hook';
import { StatusLinksController } from './status-links/status-links.controller';
import { StatusLinksRepository } from './status-links/status-links.repository';
import { StatusLinksService } from './status-links/status-links.service';

/**
 * The tickets service: tickets, comments, customers, equipment, categories, contracts, estimates and maintenances
 * (the tickets module's documents, `tickets.doc.*`) and the tickets' status links (`tickets.status-link`,
 * `tickets.status-page`). Start it with `createMicroservice(TicketsModule, 'tickets')` (@app/platform); it migrates
 * its schema on init.
 */
@Module({
  imports: [ReceiptsModule],
  controllers: [healthController('tickets', PG_POOL), DocumentsController, StatusLinksController],
  providers: [...databaseProviders, restoreHookProvider, References, TicketsRepository, DocumentsService, CopiedNamesSubscription, ReportsRepository, ReportsService, ...mailQueueProviders(), StatusLinksRepository, StatusLinksService],
})
export class TicketsModule {}
