import { Logger } from '@nestjs/common';
import { createMicroservice } from '@app/platform';
import { AccountsModule } from './accounts.module';
import { limitHeapGrowth } from './heap-growth';

// The accounts process: the NATS microservice and its change-feed consumer. Its mails are sent by the mail worker
// (which runs in the identity process). SIGTERM/SIGINT close it through Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  limitHeapGrowth();
  await createMicroservice(AccountsModule, 'accounts');
  new Logger('accounts').log('accounts service listening on NATS');
}

main().catch((err) => {
  new Logger('accounts').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
