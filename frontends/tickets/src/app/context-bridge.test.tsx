import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { announceHostLiveChanges } from '@app/ui';
import { ContextBridge } from './context-bridge';

// Without the shell's query client (another copy of react-query) the remote's own cache follows the shell's live
// updates: the shell announces a burst of a group's changes, and this module's queries of that group fetch again.
describe('ContextBridge without the host query client', () => {
  it("refetches this module's queries of a group when the shell announces live changes of it, not of another group", async () => {
    let fetches = 0;
    function Probe() {
      const q = useQuery({ queryKey: ['tickets', 'list', 'acc-live'], queryFn: async () => ++fetches });
      return <p>fetched {q.data ?? 0}</p>;
    }
    render(
      <MemoryRouter>
        <ContextBridge>
          <Probe />
        </ContextBridge>
      </MemoryRouter>,
    );
    await screen.findByText('fetched 1');
    announceHostLiveChanges({ accountId: 'acc-other', klasses: ['Ticket'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetches).toBe(1);
    announceHostLiveChanges({ accountId: 'acc-live', klasses: ['Ticket'] });
    await screen.findByText('fetched 2');
  });

  it("marks a record's query stale without fetching it again (an edit form holds it with the revision it saves)", async () => {
    let fetches = 0;
    function Form() {
      const q = useQuery({ queryKey: ['tickets', 'doc', 'acc-form', 'tkt-1'], queryFn: async () => ({ _rev: `${++fetches}-a` }) });
      return <p>rev {q.data?._rev ?? 'none'}</p>;
    }
    render(
      <MemoryRouter>
        <ContextBridge>
          <Form />
        </ContextBridge>
      </MemoryRouter>,
    );
    await screen.findByText('rev 1-a');
    announceHostLiveChanges({ accountId: 'acc-form', klasses: ['Ticket'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetches).toBe(1);
    expect(screen.getByText('rev 1-a')).toBeTruthy();
  });
});
