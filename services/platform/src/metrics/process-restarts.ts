import { Logger } from '@nestjs/common';
import { Gauge, type Registry } from 'prom-client';

// How many times the process manager started this process again after it exited. Under `make up` the processes run
// under pm2 (infra/supervisor.js), which hands each process its own state as environment variables: `restart_time` is
// the count of restarts of that process name since `make up`, `pm_id` marks a process pm2 started. Elsewhere (docker
// compose, the tests) it is 0: Docker counts its restarts itself (`docker inspect -f '{{.RestartCount}}'`).
//
// A gauge, not a counter: the value is read from the environment of this process, and each restart is a new process
// (a new `instance` label, host:pid) that starts at the count so far. `max by (service) (app_process_restarts)` is
// the restarts of a service's process; a rise means it died and came back.

export const PROCESS_RESTARTS = 'app_process_restarts';

/** The restart count pm2 passed to this process (`restart_time`), 0 when it was not started by pm2. */
export function supervisorRestarts(env: NodeJS.ProcessEnv = process.env): number {
  if (env.pm_id === undefined) return 0;
  const n = Number(env.restart_time);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

let logged = false;

/** Registers app_process_restarts in `registry`; the first time in a restarted process, says so in its log. */
export function watchProcessRestarts(registry: Registry, env: NodeJS.ProcessEnv = process.env): Gauge {
  const restarts = supervisorRestarts(env);
  if (restarts > 0 && !logged) {
    logged = true;
    new Logger('supervisor').warn(`started again by pm2 after the previous process exited (restart ${restarts} of ${env.name ?? 'this process'}; pm2's log: .run/logs/pm2.log)`);
  }
  const gauge = new Gauge({
    name: PROCESS_RESTARTS,
    help: 'Times the process manager (pm2 under make up) started this process again after it exited; 0 when not supervised by pm2',
    registers: [registry],
  });
  gauge.set(restarts);
  return gauge;
}
