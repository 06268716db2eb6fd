import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice, limitHeapGrowth } from '@app/platform';
import { FinanceModule } from './finance.module';

// The finance process: the NATS microservice of the finance module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('finance');
  // a 100,000-row statement's import holds ~40 MB at once (its records, their keys) but churns through several times
  // that (rows, documents' JSON, batches): V8's default growth peaked at 414 MB of RSS for the 300 MB allowed
  // (bench/csv-import)
  limitHeapGrowth(50);
  await createMicroservice(FinanceModule, 'finance');
  new Logger('finance').log('finance service listening on NATS');
}

main().catch((err) => {
  new Logger('finance').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
