import { Logger } from '@nestjs/common';
import { keepRunningOnUnhandledRejections } from '@app/platform';
import { createGateway } from './gateway';

async function main(): Promise<void> {
  keepRunningOnUnhandledRejections('gateway');
  const app = await createGateway();
  app.enableShutdownHooks(); // SIGTERM/SIGINT close NATS and Redis
  new Logger('gateway').log(`listening on ${await app.getUrl()}`);
}

main().catch((err: unknown) => {
  new Logger('gateway').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
