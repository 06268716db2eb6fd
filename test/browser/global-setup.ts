import { spawnSync } from 'child_process';
import path from 'path';
import { startStack } from './stack';

export default async function globalSetup(): Promise<void> {
  // the builds the stack runs from (prepare.sh: incremental, seconds when nothing changed), so that
  // `npx playwright test -c test/browser <spec>` works on a fresh clone too
  const prepared = spawnSync('bash', [path.join(__dirname, 'prepare.sh')], { stdio: 'inherit' });
  if (prepared.status !== 0) throw new Error(`test/browser/prepare.sh failed (exit ${prepared.status})`);
  const started = Date.now();
  await startStack();
  // the suite's fixed cost, apart from the tests (migrations, seven services and the gateway started)
  console.log(`browser stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
