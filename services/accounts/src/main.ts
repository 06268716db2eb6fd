import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice, limitHeapGrowth } from '@app/platform';
import { AccountsModule } from './accounts.module';

// The accounts process: the NATS microservice and its change-feed consumer. Its mails are sent by the mail worker
// (which runs in the identity process). SIGTERM/SIGINT close it through Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('accounts');
  // a backup or a restore streams 100,000 documents and hundreds of MB of files through a process that holds ~50 MB:
  // bench/backup peaked at 253 MB (200 allowed); at most 100 % gave 208 MB, 50 % with the young collections 173 MB
  limitHeapGrowth(50);
  await createMicroservice(AccountsModule, 'accounts');
  new Logger('accounts').log('accounts service listening on NATS');
}

main().catch((err) => {
  new Logger('accounts').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
