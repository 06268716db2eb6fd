import { Logger } from '@nestjs/common';
import { createMicroservice } from '@app/platform';
import { DiskModule } from './disk.module';

// The disk process: the NATS microservice of the disk module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice).
async function main(): Promise<void> {
  await createMicroservice(DiskModule, 'disk');
  new Logger('disk').log('disk service listening on NATS');
}

main().catch((err) => {
  new Logger('disk').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
