import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { announceHostLiveChanges, followHostLiveChanges } from '@app/ui';
import { docKey, shownDocKey } from './RecordShowPage';

// Which of this module's one-record queries a live change reads again: a page's (the ticket page, a record's detail),
// so an open screen follows what another member or the customer's status page changed (issue 31); not an edit form's,
// which saves with the revision it loaded (it is only marked stale).
describe("one-record queries and the shell's live changes", () => {
  it("reads a shown record again and only marks a form's record stale", async () => {
    const client = new QueryClient();
    const reads = { shown: 0, form: 0 };
    const watch = (queryKey: readonly unknown[], which: keyof typeof reads) =>
      new QueryObserver(client, { queryKey, queryFn: async () => ++reads[which] }).subscribe(() => undefined);
    const stop = followHostLiveChanges(client, 'tickets');
    const off = [watch(shownDocKey('acc-1', 'tkt-5'), 'shown'), watch(docKey('acc-1', 'tkt-5'), 'form')];
    await new Promise((r) => setTimeout(r, 20));
    expect(reads).toEqual({ shown: 1, form: 1 });
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Estimate', 'Ticket'] });
    await new Promise((r) => setTimeout(r, 20));
    stop();
    off.forEach((f) => f());
    expect(reads).toEqual({ shown: 2, form: 1 });
    expect(client.getQueryState(docKey('acc-1', 'tkt-5'))?.isInvalidated).toBe(true);
  });
});
