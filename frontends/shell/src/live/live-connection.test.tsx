import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onHostLiveChanges, type HostLiveChanges } from '@app/ui';
import { LiveConnection, type EventSourceLike } from './live-connection';
import { isRecordQuery, LIVE_DEBOUNCE_MS, LIVE_HIDDEN_GRACE_MS, reconnectDelayMs, staleQueries } from './live-rules';
import { groupOfPath, useLiveUpdates } from './LiveUpdates';

class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  readyState = 1;
  closed = false;
  onerror: ((this: EventSourceLike, ev: Event) => unknown) | null = null;
  private readonly listeners = new Map<string, Array<(ev: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown, id?: number): void {
    const ev = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id === undefined ? '' : String(id) });
    for (const l of this.listeners.get(type) ?? []) l(ev);
  }
  fail(readyState: number): void {
    this.readyState = readyState;
    this.onerror?.call(this, new Event('error'));
  }
}
const open = (url: string) => new FakeSource(url);
const change = (seq: number, klass: string) => ({ seq, id: `x-${seq}`, changes: [{ rev: '1-a' }], action: 'create', klass });

const KEYS = {
  timeline: ['changes', 'acc-1'],
  badge: ['open-ticket-count', 'acc-1'],
  priorities: ['count-by-open-ticket-priority', 'acc-1'],
  ticketList: ['tickets', 'tickets', 'acc-1', 'open', {}],
  members: ['members', 'acc-1'],
  account: ['account', 'acc-1'],
  otherGroupTimeline: ['changes', 'acc-2'],
  ticketRecord: ['tickets', 'doc', 'acc-1', 'tkt-1'],
  memberRecord: ['member', 'acc-1', 'sub-1'],
  session: ['session'],
  financeList: ['finance', 'wallets', 'acc-1'],
};

function cacheWithAll(): { client: QueryClient; stale: () => string[] } {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, 'data');
  const stale = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

beforeEach(() => {
  FakeSource.opened = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live updates in the shell', () => {
  it("a ticket change makes the group's timeline, badge, priority bars and ticket lists stale at once; what follows within 200 ms waits for one more refresh", () => {
    const { client, stale } = cacheWithAll();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // each refresh is one call that refetches, and one that only marks records stale
    const refreshes = () => invalidate.mock.calls.filter(([filters]) => !filters?.refetchType).length;
    const connection = new LiveConnection('acc-1', client, open);
    connection.start();
    const source = FakeSource.opened[0];
    expect(source.url).toBe('/acc-1/_events');
    source.emit('ready', { last_seq: 4 }, 4);
    source.emit('message', change(5, 'Ticket'), 5);
    vi.advanceTimersByTime(0);
    expect(refreshes()).toBe(1);
    expect(stale()).toEqual(['badge', 'priorities', 'ticketList', 'ticketRecord', 'timeline']);
    // a burst right after: one refresh at the end of the interval, not one per change
    vi.advanceTimersByTime(50);
    source.emit('message', change(6, 'Subscription'), 6);
    source.emit('message', change(7, 'Ticket'), 7);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS - 50 - 1);
    expect(refreshes()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(refreshes()).toBe(2);
    expect(stale()).toEqual(['badge', 'memberRecord', 'members', 'priorities', 'ticketList', 'ticketRecord', 'timeline']);
    // after a quiet spell, at once again
    vi.advanceTimersByTime(1000);
    source.emit('message', change(8, 'Ticket'), 8);
    vi.advanceTimersByTime(0);
    expect(refreshes()).toBe(3);
    connection.stop();
  });

  it('tells module remotes with a query cache of their own about each burst, once', () => {
    const heard: HostLiveChanges[] = [];
    const off = onHostLiveChanges((c) => heard.push(c));
    const connection = new LiveConnection('acc-1', new QueryClient(), open);
    connection.start();
    FakeSource.opened[0].emit('message', change(5, 'Ticket'), 5);
    FakeSource.opened[0].emit('message', change(6, 'Customer'), 6);
    FakeSource.opened[0].emit('message', change(7, 'Ticket'), 7);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    FakeSource.opened[0].emit('reset', { last_seq: 90 }, 90);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(heard).toEqual([
      { accountId: 'acc-1', klasses: ['Ticket', 'Customer'] },
      { accountId: 'acc-1', klasses: 'reset' },
    ]);
    off();
    connection.stop();
  });

  it("a membership change makes the members' pages stale too, and another module's lists stay", () => {
    const { client, stale } = cacheWithAll();
    const connection = new LiveConnection('acc-1', client, open);
    connection.start();
    FakeSource.opened[0].emit('message', change(9, 'Subscription'), 9);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(stale()).toEqual(['badge', 'memberRecord', 'members', 'priorities', 'timeline']);
    connection.stop();
  });

  it("marks a record's query stale without fetching it again: an open edit form keeps the revision it saves", async () => {
    const client = new QueryClient();
    const fetched: string[] = [];
    // mounted pages: an observer per query, its data loaded
    const unsubscribe = [KEYS.ticketRecord, KEYS.memberRecord, KEYS.ticketList].map((key) => {
      client.setQueryData(key, 'data');
      const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => (fetched.push(`${String(key[0])}:${String(key[1])}`), 'fresh'), staleTime: Infinity });
      return observer.subscribe(() => undefined);
    });
    const connection = new LiveConnection('acc-1', client, open);
    connection.start();
    FakeSource.opened[0].emit('message', change(5, 'Ticket'), 5);
    FakeSource.opened[0].emit('message', change(6, 'Subscription'), 6);
    vi.advanceTimersByTime(0);
    await vi.runAllTimersAsync();
    expect(client.getQueryState(KEYS.ticketRecord)?.isInvalidated).toBe(true);
    expect(client.getQueryState(KEYS.memberRecord)?.isInvalidated).toBe(true);
    expect(fetched).toEqual(['tickets:tickets']);
    unsubscribe.forEach((u) => u());
    connection.stop();
  });

  it('a reset makes every query of the group stale', () => {
    const { client, stale } = cacheWithAll();
    const connection = new LiveConnection('acc-1', client, open);
    connection.start();
    FakeSource.opened[0].emit('reset', { last_seq: 900 }, 900);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(stale()).toEqual(['account', 'badge', 'financeList', 'memberRecord', 'members', 'priorities', 'ticketList', 'ticketRecord', 'timeline']);
    connection.stop();
  });

  it('opens the stream again after a failed one, later each time, resuming after the last id seen; not after an end event', () => {
    const { client } = cacheWithAll();
    const connection = new LiveConnection('acc-1', client, open);
    connection.start();
    const first = FakeSource.opened[0];
    first.emit('ready', { last_seq: 4 }, 4);
    first.emit('message', change(5, 'Ticket'), 5);
    first.fail(0); // CONNECTING: the browser retries by itself
    expect(FakeSource.opened).toHaveLength(1);
    first.fail(2); // CLOSED: an error answer
    vi.advanceTimersByTime(reconnectDelayMs(0) - 1);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSource.opened[1];
    expect(second.url).toBe('/acc-1/_events?last-event-id=5');
    second.fail(2);
    vi.advanceTimersByTime(reconnectDelayMs(1));
    expect(FakeSource.opened).toHaveLength(3);
    FakeSource.opened[2].emit('end', { error: 'forbidden', reason: 'You need a subscription to access this Group' });
    expect(FakeSource.opened[2].closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSource.opened).toHaveLength(3);
    expect([reconnectDelayMs(0), reconnectDelayMs(3), reconnectDelayMs(10)]).toEqual([1000, 8000, 60_000]);
  });

  it('the hook keeps one stream per open group: a new group closes the old stream, leaving the groups closes it', () => {
    const client = new QueryClient();
    function Probe({ accountId }: { accountId?: string }) {
      useLiveUpdates(accountId, open);
      return null;
    }
    const ui = (accountId?: string) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Probe accountId={accountId} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const view = render(ui('acc-1'));
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/acc-1/_events']);
    view.rerender(ui('acc-2'));
    expect(FakeSource.opened.map((s) => [s.url, s.closed])).toEqual([
      ['/acc-1/_events', true],
      ['/acc-2/_events', false],
    ]);
    view.rerender(ui(undefined));
    expect(FakeSource.opened[1].closed).toBe(true);
    view.unmount();
  });

  it('a tab hidden for a while closes its stream, and opens it again when shown, resuming after the last id seen', () => {
    const client = new QueryClient();
    function Probe() {
      useLiveUpdates('acc-1', open);
      return null;
    }
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const view = render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    try {
      FakeSource.opened[0].emit('ready', { last_seq: 7 }, 7);
      setVisibility('hidden');
      vi.advanceTimersByTime(LIVE_HIDDEN_GRACE_MS - 1);
      setVisibility('visible'); // back before the grace ran out: the same stream
      setVisibility('hidden');
      vi.advanceTimersByTime(LIVE_HIDDEN_GRACE_MS);
      expect(FakeSource.opened.map((s) => s.closed)).toEqual([true]);
      setVisibility('visible');
      expect(FakeSource.opened.map((s) => [s.url, s.closed])).toEqual([
        ['/acc-1/_events', true],
        ['/acc-1/_events?last-event-id=7', false],
      ]);
    } finally {
      view.unmount();
      setVisibility('visible');
    }
  });

  it("reads the group from the page's path", () => {
    expect(groupOfPath('/account/acc-9f/tickets/board')).toBe('acc-9f');
    expect(groupOfPath('/account/acc-9f')).toBe('acc-9f');
    expect(groupOfPath('/account/new')).toBeUndefined();
    expect(groupOfPath('/profile')).toBeUndefined();
  });

  it('keeps counters of other groups and the session out of a change', () => {
    const test = staleQueries('acc-1', [{ klass: 'Customer' }]);
    expect(test(['changes', 'acc-2'])).toBe(false);
    expect(test(['session'])).toBe(false);
    expect(test(['count-by-klass', 'acc-1'])).toBe(true);
    expect(test(['tickets', 'list', 'acc-1', 'Customer', 1])).toBe(true);
  });

  it("a handbook's change makes the notes remote's lists stale (its records are ['notes', 'doc', …]); a reader item's does not touch the reader's lists", () => {
    const handbook = staleQueries('acc-1', [{ klass: 'Handbook' }]);
    expect(handbook(['notes', 'handbooks', 'acc-1', null, 1])).toBe(true);
    expect(isRecordQuery(['notes', 'doc', 'acc-1', 'handbook', 'oleo'])).toBe(true);
    const item = staleQueries('acc-1', [{ klass: 'ReaderItem' }]);
    expect(item(['reader', 'items', 'acc-1', 'page'])).toBe(false);
    expect(item(['count-by-klass', 'acc-1'])).toBe(true);
  });

  it('counts the queries edit forms save from as records: marked stale, never fetched again by a live change', () => {
    for (const key of [['tickets', 'doc', 'acc-1', 'tkt-1'], ['finance', 'doc', 'acc-1', 'trx-1'], ['member', 'acc-1', 'sub-1'], ['account', 'acc-1'], ['settings', 'acc-1']]) {
      expect(isRecordQuery(key)).toBe(true);
    }
    for (const key of [['tickets', 'list', 'acc-1'], ['members', 'acc-1'], ['changes', 'acc-1'], ['open-ticket-count', 'acc-1']]) {
      expect(isRecordQuery(key)).toBe(false);
    }
  });
});
