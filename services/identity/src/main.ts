import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections, createMicroservice, loadConfig, startMailWorker } from '@app/platform';
import { ShutdownTasks } from './common/shutdown-tasks';
import { IdentityModule } from './identity.module';

// The identity process: the NATS microservice, and the mail worker that sends what it (and other services) queue.
// SIGTERM/SIGINT close both (createMicroservice enables Nest's shutdown hooks; the worker stops first).
async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('identity');
  const app = await createMicroservice(IdentityModule, 'identity');
  const worker = startMailWorker(loadConfig());
  app.get(ShutdownTasks).add(() => worker.close());
  new Logger('identity').log('identity service listening on NATS; mail worker started');
}

main().catch((err) => {
  new Logger('identity').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
