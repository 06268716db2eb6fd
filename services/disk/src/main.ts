import { sizeHeapForMemory } from './heap-for-size';

// The disk process: the NATS microservice of the disk module's documents. SIGTERM/SIGINT close it through
// Nest's shutdown hooks (createMicroservice). The heap's V8 flag is set before the service's modules load, so they
// are loaded here, not imported above.
async function main(): Promise<void> {
  sizeHeapForMemory();
  const { Logger } = await import('@nestjs/common');
  const { createMicroservice, keepRunningOnUnhandledRejections } = await import('@app/platform');
  keepRunningOnUnhandledRejections('disk');
  const { DiskModule } = await import('./disk.module');
  await createMicroservice(DiskModule, 'disk');
  new Logger('disk').log('disk service listening on NATS');
}

main().catch(async (err: unknown) => {
  const { Logger } = await import('@nestjs/common');
  new Logger('disk').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
