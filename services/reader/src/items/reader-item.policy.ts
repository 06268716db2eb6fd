import { AppError, Doc, READER_REASONS } from '@app/proto';
import type { KlassPolicy } from '@app/platform';

/**
 * Reader items are the fetcher's: clients read them (GET gives the content, spec §7) and change read and starred only
 * through the status handlers (item-status.ts); any other write is 405.
 */
export class ReaderItemPolicy implements KlassPolicy {
  beforeWrite(): never {
    throw new AppError('method_not_allowed', READER_REASONS.itemsReadOnly);
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.title === 'string' ? doc.title : null };
  }
}
