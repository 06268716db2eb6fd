import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice } from '@app/platform';
import { NotesModule } from './notes.module';

// The notes process: the NATS microservice of the notes module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('notes');
  await createMicroservice(NotesModule, 'notes');
  new Logger('notes').log('notes service listening on NATS');
}

main().catch((err) => {
  new Logger('notes').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
