import { errors, MEMBERSHIP_KLASSES, type ChangeResult, type LiveChange } from '@app/proto';

// The live streams' rules, without I/O: the text/event-stream framing, the resume position, and which announced rows a
// stream may send as they come (no gap, no repeat) or must read from the change log first.

/** One event: `id:` (the seq a browser resumes after), an optional name, one `data:` line of JSON. */
export function sseEvent(data: unknown, opts: { id?: number; event?: string } = {}): string {
  let out = '';
  if (opts.event) out += `event: ${opts.event}\n`;
  if (opts.id !== undefined) out += `id: ${opts.id}\n`;
  // JSON.stringify writes no raw line breaks, so one data line holds the whole value
  return `${out}data: ${JSON.stringify(data)}\n\n`;
}

/** A comment line (the heartbeat): browsers ignore it, proxies see bytes moving. */
export const sseComment = (text: string) => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;

/** How long a browser waits before reconnecting. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

const SEQ = /^(0|[1-9]\d{0,15})$/;

/**
 * Where a stream starts: after the `Last-Event-ID` header a reconnecting browser sends, or the `last-event-id` query
 * parameter of a client that cannot set headers (the header wins); null for "from now". 400 for anything that is not
 * a sequence number.
 */
export function resumeAfter(header: string | string[] | undefined, query: unknown): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  const value = raw !== undefined && raw !== '' ? raw : Array.isArray(query) ? query[0] : query;
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !SEQ.test(value.trim())) throw errors.badRequest('Last-Event-ID must be a sequence number (the id of the last event received)');
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n)) throw errors.badRequest('Last-Event-ID must be a sequence number (the id of the last event received)');
  return n;
}

export type LivePlan = { kind: 'send'; rows: LiveChange[] } | { kind: 'read-log' };

/**
 * What a stream at `cursor` does with announced rows: nothing new (all at or before the cursor: an empty send), send
 * the new ones when they follow on without a hole, or read the log from the cursor when one is missing (an
 * announcement lost, or two arriving out of order from two copies of the accounts service).
 */
export function planAnnounced(cursor: number, announced: readonly LiveChange[]): LivePlan {
  const fresh = announced.filter((r) => r.seq > cursor).sort((a, b) => a.seq - b.seq);
  let expected = cursor + 1;
  for (const r of fresh) {
    if (r.seq !== expected) return { kind: 'read-log' };
    expected++;
  }
  return { kind: 'send', rows: fresh };
}

/** Whether these rows may have ended someone's access to the group (a membership, the group, its parent setting). */
export function touchesMembership(rows: readonly Pick<LiveChange, 'klass'>[]): boolean {
  return rows.some((r) => MEMBERSHIP_KLASSES.includes(r.klass));
}

/** A `_changes` result as the stream sends it: without the document summary or who made it. */
export function toLiveChange(r: ChangeResult): LiveChange {
  return { seq: r.seq, id: r.id, changes: r.changes, ...(r.deleted ? { deleted: true as const } : {}), action: r.action, klass: r.klass };
}

/** Open streams counted per user and in all, against their bounds. */
export class StreamCounts {
  private readonly perUser = new Map<string, number>();
  private all = 0;

  constructor(private readonly bounds: { maxStreams: number; maxStreamsPerUser: number }) {}

  get total(): number {
    return this.all;
  }

  of(user: string): number {
    return this.perUser.get(user) ?? 0;
  }

  /** Counts one more stream of `user`, or throws 429 when a bound is reached (nothing counted then). */
  take(user: string): void {
    if (this.all >= this.bounds.maxStreams) {
      throw errors.tooManyRequests('Too many live update streams are open on this server, please try again later');
    }
    if (this.of(user) >= this.bounds.maxStreamsPerUser) {
      throw errors.tooManyRequests(`Too many live update streams are open for this user (at most ${this.bounds.maxStreamsPerUser}): close some tabs`);
    }
    this.perUser.set(user, this.of(user) + 1);
    this.all++;
  }

  release(user: string): void {
    const n = this.of(user);
    if (n <= 0) return;
    if (n === 1) this.perUser.delete(user);
    else this.perUser.set(user, n - 1);
    this.all--;
  }
}
