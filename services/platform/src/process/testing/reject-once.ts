import { keepRunningOnUnhandledRejections, unhandledRejections } from '../unhandled-rejections';

// A process that lets one promise reject unhandled, then says whether it is still alive and what it counted
// (unhandled-rejections.spec.ts). With GUARD=0 it runs without the guard, as the services did before.
if (process.env.GUARD !== '0') keepRunningOnUnhandledRejections('fixture');
void Promise.reject(new Error('nobody handles me'));
setTimeout(() => {
  process.stdout.write(`alive ${unhandledRejections()}\n`);
  process.exit(0);
}, 100);
