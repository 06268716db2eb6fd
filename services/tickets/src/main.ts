import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice } from '@app/platform';
import { TicketsModule } from './tickets.module';

// The tickets process: the NATS microservice of the tickets module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('tickets');
  await createMicroservice(TicketsModule, 'tickets');
  new Logger('tickets').log('tickets service listening on NATS');
}

main().catch((err) => {
  new Logger('tickets').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
