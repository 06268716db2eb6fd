import { EventEmitter } from 'events';
import type { ServerResponse } from 'http';
import { AppError, type CallerContext, type LiveChange } from '@app/proto';
import { LiveStream, type StreamDeps } from './live-stream';

// One stream's order of work with a change log in memory: no row twice, none after a hole before the hole, a replay
// bounded by replayMax, the end on a lost membership.

class FakeResponse extends EventEmitter {
  text = '';
  ended = false;
  destroyed = false;
  writableLength = 0;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  end(): void {
    this.ended = true;
    this.emit('close');
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  /** the seqs of the change events written, in order */
  seqs(): number[] {
    return [...this.text.matchAll(/^id: (\d+)\ndata: \{"seq"/gm)].map((m) => Number(m[1]));
  }
}

const row = (seq: number, klass = 'Ticket'): LiveChange => ({ seq, id: `doc-${seq}`, changes: [{ rev: '1-a' }], action: 'create', klass });
const ctx = { user_id: 'usr-bob', db: 'acc-1' } as CallerContext;
const settle = () => new Promise((r) => setTimeout(r, 5));

function setup(log: LiveChange[], opts: { replayMax?: number; member?: () => boolean } = {}) {
  const reads: number[] = [];
  const deps: StreamDeps = {
    config: { replayMax: opts.replayMax ?? 1000, maxBufferedBytes: 1 << 20, retryMs: 3000 },
    readLog: async (_ctx, since, limit) => (reads.push(since), log.filter((r) => r.seq > since).slice(0, limit)),
    lastSeq: async () => log.at(-1)?.seq ?? 0,
    checkMembership: async () => {
      if (opts.member && !opts.member()) throw new AppError('forbidden', 'You need a subscription to access this Group');
    },
  };
  const res = new FakeResponse();
  const stream = new LiveStream(ctx, 'acc-1', res as unknown as ServerResponse, deps);
  return { res, stream, reads };
}

describe('a live stream', () => {
  it('starts from now: ready with the last seq, then announced rows after it, each once and in order', async () => {
    const log = [row(1), row(2)];
    const { res, stream } = setup(log);
    await stream.start(null);
    expect(res.text).toContain('retry: 3000\n');
    expect(res.text).toContain('event: ready\nid: 2\ndata: {"last_seq":2}\n\n');
    log.push(row(3), row(4));
    stream.announced({ account_id: 'acc-1', changes: [row(2), row(3)] });
    stream.announced({ account_id: 'acc-1', changes: [row(3), row(4)] });
    await settle();
    expect(res.seqs()).toEqual([3, 4]);
  });

  it('announcements that arrive while the start reads the log are neither lost nor sent twice', async () => {
    const log = [row(1), row(2), row(3)];
    const { res, stream } = setup(log);
    const started = stream.start(1);
    log.push(row(4));
    stream.announced({ account_id: 'acc-1', changes: [row(3), row(4)] });
    await started;
    await settle();
    expect(res.seqs()).toEqual([2, 3, 4]);
  });

  it('reads the log over a hole: a later announcement arriving first sends the missing rows before it', async () => {
    const log = [row(1)];
    const { res, stream, reads } = setup(log);
    await stream.start(null);
    log.push(row(2), row(3), row(4));
    stream.announced({ account_id: 'acc-1', changes: [row(4)] });
    stream.announced({ account_id: 'acc-1', changes: [row(2), row(3)] });
    await settle();
    expect(res.seqs()).toEqual([2, 3, 4]);
    expect(reads).toEqual([1]);
  });

  it('replays at most replayMax rows, then says reset with the last seq and follows on from there', async () => {
    const log = Array.from({ length: 450 }, (_, i) => row(i + 1));
    const { res, stream } = setup(log, { replayMax: 300 });
    await stream.start(0);
    expect(res.seqs()).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(res.text).toContain('event: reset\nid: 450\ndata: {"last_seq":450}\n\n');
    log.push(row(451));
    stream.announced({ account_id: 'acc-1', changes: [row(451)] });
    await settle();
    expect(res.seqs().at(-1)).toBe(451);
  });

  it('checks the membership before sending a membership change, and ends with the refusal when it is gone', async () => {
    let member = true;
    const log = [row(1)];
    const { res, stream } = setup(log, { member: () => member });
    const closed = jest.fn();
    stream.whenClosed(closed);
    await stream.start(null);
    log.push(row(2));
    stream.announced({ account_id: 'acc-1', changes: [row(2)] });
    member = false;
    log.push(row(3, 'Subscription'));
    stream.announced({ account_id: 'acc-1', changes: [row(3, 'Subscription')] });
    await settle();
    expect(res.seqs()).toEqual([2]);
    expect(res.text.endsWith('event: end\ndata: {"error":"forbidden","reason":"You need a subscription to access this Group"}\n\n')).toBe(true);
    expect(res.ended).toBe(true);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(stream.isClosed).toBe(true);
  });

  it('checks the membership before sending a membership change read from the log over a hole', async () => {
    let member = true;
    const log = [row(1)];
    const { res, stream } = setup(log, { member: () => member });
    await stream.start(null);
    member = false;
    log.push(row(2, 'Subscription'), row(3));
    stream.announced({ account_id: 'acc-1', changes: [row(3)] }); // the announcement of 2 was lost
    await settle();
    expect(res.seqs()).toEqual([]);
    expect(res.ended).toBe(true);
  });

  it('keeps going when the membership check fails for another reason than a refusal', async () => {
    const { res, stream } = setup([row(1)]);
    (stream as unknown as { deps: StreamDeps }).deps.checkMembership = async () => {
      throw new AppError('service_unavailable', 'The service did not answer in time, please try again');
    };
    await stream.start(null);
    await stream.recheckMembership();
    expect(stream.isClosed).toBe(false);
    expect(res.ended).toBe(false);
  });

  it('ends a client that leaves more than the buffer bound unread', async () => {
    const { res, stream } = setup([row(1)]);
    await stream.start(null);
    res.writableLength = 2 << 20;
    stream.heartbeat();
    expect(res.destroyed).toBe(true);
    expect(stream.isClosed).toBe(true);
  });
});
