import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice, limitHeapGrowth } from '@app/platform';
import { ReaderModule } from './reader.module';

// The reader process: the NATS microservice of the reader module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('reader');
  // after a refresh of 1,000 feeds the reader holds about 50 MB, but V8's default growth gave a peak RSS of 350 MB for
  // the 300 MB the issue allows (bench/feeds); at most 100 % kept it near 230 MB for about the same CPU
  limitHeapGrowth(100);
  await createMicroservice(ReaderModule, 'reader');
  new Logger('reader').log('reader service listening on NATS');
}

main().catch((err) => {
  new Logger('reader').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
