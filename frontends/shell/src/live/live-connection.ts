import type { QueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type LiveChange } from '@app/proto';
import { announceHostLiveChanges } from '@app/ui';
import { isRecordQuery, LIVE_DEBOUNCE_MS, reconnectDelayMs, staleQueries } from './live-rules';

// One group's event stream (GET /{account_id}/_events) feeding the query cache: changes invalidate the queries they make
// stale (live-rules.ts), at most once per LIVE_DEBOUNCE_MS, so the open screens refetch. The browser's EventSource
// reconnects by itself after a dropped connection, sending Last-Event-ID; a stream that failed outright (an error
// answer, the gateway away) is opened again here after a growing pause, resuming with `?last-event-id=`. An `end`
// event (membership removed, session over) stops it for good: the next page's requests say why. A module remote with a
// query cache of its own hears each burst through @app/ui's announceHostLiveChanges.

/** The part of EventSource used here (tests give their own). */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((this: EventSourceLike, ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

const CLOSED = 2;

export const openBrowserEventSource: OpenEventSource = (url) => new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike;

export class LiveConnection {
  private source?: EventSourceLike;
  private lastId: string | null = null;
  private attempt = 0;
  private pending: Array<Pick<LiveChange, 'klass'>> | 'reset' | null = null;
  private flushTimer?: ReturnType<typeof setTimeout>;
  private lastFlush = -Infinity;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private stopped = false;

  constructor(
    private readonly accountId: string,
    private readonly queryClient: QueryClient,
    private readonly open: OpenEventSource = openBrowserEventSource,
  ) {}

  start(): void {
    if (this.stopped || this.source) return;
    const query = this.lastId ? `?last-event-id=${encodeURIComponent(this.lastId)}` : '';
    const source = this.open(`/${encodeURIComponent(this.accountId)}/_events${query}`);
    this.source = source;
    const seen = (ev: MessageEvent<string>) => {
      if (ev.lastEventId) this.lastId = ev.lastEventId;
    };
    source.addEventListener(LIVE_EVENTS.ready, (ev) => {
      seen(ev);
      this.attempt = 0;
    });
    source.addEventListener('message', (ev) => {
      seen(ev);
      const change = parse(ev.data);
      if (change) this.queue([change]);
    });
    source.addEventListener(LIVE_EVENTS.reset, (ev) => {
      seen(ev);
      this.queue('reset');
    });
    source.addEventListener(LIVE_EVENTS.end, () => this.stop());
    source.onerror = () => {
      // CONNECTING: the browser reconnects by itself; CLOSED: it gave up (an error answer), so we try again later
      if (source.readyState !== CLOSED || this.stopped) return;
      source.close();
      this.source = undefined;
      this.reconnectTimer = setTimeout(() => this.start(), reconnectDelayMs(this.attempt++));
    };
  }

  /** Closes the stream for now (a hidden tab), keeping where it was: resume() replays what came meanwhile. */
  pause(): void {
    this.source?.close();
    this.source = undefined;
    clearTimeout(this.reconnectTimer);
  }

  resume(): void {
    if (!this.source && !this.stopped) {
      clearTimeout(this.reconnectTimer);
      this.start();
    }
  }

  stop(): void {
    this.stopped = true;
    this.source?.close();
    this.source = undefined;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.flushTimer);
    this.pending = null;
  }

  /**
   * At most one refresh per LIVE_DEBOUNCE_MS: a change after a quiet spell is refreshed at once (in the next task, so
   * the events of one network read go together), the ones that follow within the interval together at its end.
   */
  private queue(changes: Array<Pick<LiveChange, 'klass'>> | 'reset'): void {
    if (changes === 'reset' || this.pending === 'reset') this.pending = 'reset';
    else this.pending = [...(this.pending ?? []), ...changes];
    if (this.flushTimer !== undefined) return;
    const wait = Math.max(0, this.lastFlush + LIVE_DEBOUNCE_MS - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.flushTimer = undefined;
    this.lastFlush = Date.now();
    const changes = this.pending;
    this.pending = null;
    if (!changes || this.stopped) return;
    const stale = staleQueries(this.accountId, changes);
    void this.queryClient.invalidateQueries({ predicate: (q) => stale(q.queryKey) && !isRecordQuery(q.queryKey) });
    void this.queryClient.invalidateQueries({ predicate: (q) => stale(q.queryKey) && isRecordQuery(q.queryKey), refetchType: 'none' });
    announceHostLiveChanges({ accountId: this.accountId, klasses: changes === 'reset' ? 'reset' : [...new Set(changes.map((c) => c.klass))] });
  }
}

function parse(data: string): Pick<LiveChange, 'klass'> | null {
  try {
    const value = JSON.parse(data) as Partial<LiveChange>;
    return typeof value.klass === 'string' ? { klass: value.klass } : null;
  } catch {
    return null;
  }
}
