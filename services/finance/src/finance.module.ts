import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { BalanceBook } from './money/balance-book';
import { FinanceRepository } from './wallets/finance.repository';

/**
 * The finance service: wallets, incomes, outgos, transfers, exchanges and the per-currency balances (`finance.doc.*`).
 * Start it with `createMicroservice(FinanceModule, 'finance')`; it migrates its schema on init.
 */
@Module({
  controllers: [healthController('finance', PG_POOL), DocumentsController],
  providers: [...databaseProviders, BalanceBook, FinanceRepository, DocumentsService],
})
export class FinanceModule {}
