import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModuleFrame } from '../frame/module-context';
import { invalidateAfterWrite, useDashboardRefreshes } from './invalidate';

describe('after a write', () => {
  it("refreshes the module's queries and the counters in the cache it shares with the shell, nothing else", async () => {
    const client = new QueryClient();
    for (const key of [['disk', 'acc-1', 'list'], ['count-by-klass', 'acc-1'], ['changes', 'acc-1'], ['tickets', 'acc-1', 'list'], ['account', 'acc-1']]) client.setQueryData(key, 1);
    await invalidateAfterWrite(client, 'disk');
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['disk', 'acc-1', 'list'])).toBe(true);
    expect(invalidated(['count-by-klass', 'acc-1'])).toBe(true);
    expect(invalidated(['changes', 'acc-1'])).toBe(true);
    expect(invalidated(['tickets', 'acc-1', 'list'])).toBe(false);
    expect(invalidated(['account', 'acc-1'])).toBe(false);
  });
});

describe("a dashboard card's refreshes", () => {
  it("read the module's queries again at each new count of the dashboard's Refresh, not on the first render", async () => {
    const client = new QueryClient();
    let reads = 0;
    function Card({ refreshes }: { refreshes: number }) {
      useDashboardRefreshes(refreshes);
      const q = useQuery({ queryKey: ['reader', 'acc-1', 'items'], queryFn: async () => ++reads });
      return <p>read {q.data ?? 0}</p>;
    }
    const tree = (refreshes: number) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ModuleFrame module="reader">
            <Card refreshes={refreshes} />
          </ModuleFrame>
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(tree(0));
    await screen.findByText('read 1');
    rerender(tree(0));
    rerender(tree(1));
    await screen.findByText('read 2');
    expect(reads).toBe(2);
  });
});
