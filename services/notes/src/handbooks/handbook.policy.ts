import { Doc, errors, HandbookFields } from '@app/proto';
import type { KlassPolicy } from '@app/platform';
import { presentHandbook } from './handbook.rules';

/**
 * Handbooks through the document protocol: reads (get, find) go through it; writes never do — DocumentsService hands
 * them to HandbookWrites, which changes addresses, links, revisions and other pages' backlinks in the same transaction.
 */
export class HandbookPolicy implements KlassPolicy {
  readonly schema = HandbookFields as unknown as KlassPolicy['schema'];

  beforeWrite(): never {
    throw errors.badRequest('handbooks are written by HandbookWrites');
  }

  present(doc: Doc): Doc {
    return presentHandbook(doc);
  }
}
