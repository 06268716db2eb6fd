import { Logger } from '@nestjs/common';

// Node ends a process on a promise that rejects with nobody to handle it. In a service that is one request's mistake
// taking every group's requests down with it (the gateway died so on a metrics answer, issue 24): such a rejection is
// logged with its stack and counted (`process_unhandled_rejections`, metrics-registry.ts) and the process goes on. An
// uncaught exception still ends it (its state may be broken half-way through a synchronous change); the process
// manager starts it again (docs/running.md "Supervision").

const logger = new Logger('process');
let count = 0;
let installed = false;

/** How many rejections nobody handled since the process started. */
export function unhandledRejections(): number {
  return count;
}

/** Logs and counts unhandled rejections instead of ending the process. Idempotent. */
export function keepRunningOnUnhandledRejections(name: string): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason: unknown) => {
    count++;
    const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    logger.error(`${name}: a promise rejected and nothing handled it (the process goes on): ${text}`);
  });
}
