import { Logger } from '@nestjs/common';
import { createMicroservice } from '@app/platform';
import { limitHeapGrowth } from './heap-growth';
import { ReaderModule } from './reader.module';

// The reader process: the NATS microservice of the reader module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  limitHeapGrowth();
  await createMicroservice(ReaderModule, 'reader');
  new Logger('reader').log('reader service listening on NATS');
}

main().catch((err) => {
  new Logger('reader').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
