import { Logger } from '@nestjs/common';
import { createMicroservice } from '@app/platform';
import { FinanceModule } from './finance.module';

// The finance process: the NATS microservice of the finance module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  await createMicroservice(FinanceModule, 'finance');
  new Logger('finance').log('finance service listening on NATS');
}

main().catch((err) => {
  new Logger('finance').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
