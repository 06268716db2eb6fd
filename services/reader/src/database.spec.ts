import { describePoolLoss } from '@app/platform/testing/pool-loss';

describePoolLoss('reader', async () => (await import('./reader.module')).ReaderModule);
