import { startStack } from './stack';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  await startStack();
  // the suite's fixed cost, apart from the tests (migrations, seven services and the gateway started)
  console.log(`browser stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
