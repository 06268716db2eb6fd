import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { BalanceBook } from './money/balance-book';
import { FinanceRepository } from './wallets/finance.repository';
import { FinanceRedis } from './import-jobs/finance-redis';
import { ImportAnalysis } from './import-jobs/import-analysis';
import { MappingRuns } from './mappings/mapping-runs';
import { ImportQueue } from './import-jobs/import-queue';
import { ImportRunner } from './import-jobs/import-runner';
import { ImportsController } from './import-jobs/imports.controller';
import { ImportsRepository } from './import-jobs/imports.repository';

/**
 * The finance service: wallets, incomes, outgos, transfers, exchanges and the per-currency balances (`finance.doc.*`).
 * Start it with `createMicroservice(FinanceModule, 'finance')`; it migrates its schema on init.
 */
@Module({
  controllers: [healthController('finance', PG_POOL), DocumentsController, ImportsController],
  providers: [...databaseProviders, FinanceRedis, BalanceBook, FinanceRepository, ImportsRepository, ImportRunner, ImportQueue, ImportAnalysis, MappingRuns, DocumentsService],
})
export class FinanceModule {}
