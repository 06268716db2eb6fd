import { describePoolLoss } from '@app/platform/testing/pool-loss';

describePoolLoss('notes', async () => (await import('./notes.module')).NotesModule);
