import { LiveService } from '../../gateway/src/live';
import { LIVE_CONFIG, type LiveConfig } from '../../gateway/src/live/live-config';
import { createGroup, createToken, eventually, signUp, startStack, type Stack, type User } from './harness';

// Live updates (GET /{account_id}/_events, Server-Sent Events) over real HTTP: what another member writes arrives on
// the stream with its seq, a reconnect with Last-Event-ID gets exactly what it missed, refusals are JSON before any
// stream starts, and an open stream ends when its reader loses the group or the session.

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** A reader of one event stream: the events parsed as they arrive, and whether the server ended it. */
class StreamReader {
  readonly events: SseEvent[] = [];
  ended = false;
  private waiters: Array<() => void> = [];
  private readonly abort = new AbortController();

  private constructor(readonly res: Response) {}

  static async open(stack: Stack, path: string, opts: { user?: User; bearer?: string; headers?: Record<string, string> } = {}): Promise<StreamReader> {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...(opts.headers ?? {}) };
    if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
    else if (opts.user) headers.cookie = opts.user.browser.cookieHeader();
    const reader = new StreamReader(undefined as unknown as Response);
    const res = await fetch(stack.url + path, { headers, signal: reader.abort.signal });
    (reader as { res: Response }).res = res;
    if (res.ok && res.body) void reader.pump(res.body);
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: undefined };
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
          }
          if (data === undefined) continue; // a comment or the retry hint
          event.data = JSON.parse(data);
          this.events.push(event);
        }
        this.wake();
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `test` holds of what arrived so far (or the stream ended), at most `ms`. */
  async until(test: (r: StreamReader) => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`stream condition not met in ${ms} ms; events: ${JSON.stringify(this.events).slice(0, 800)}; ended: ${this.ended}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  changes(): Array<{ id: string; seq: number; klass: string; action: string; eventId?: string }> {
    return this.events.filter((e) => e.event === 'message').map((e) => ({ ...(e.data as { id: string; seq: number; klass: string; action: string }), eventId: e.id }));
  }

  ready(): { last_seq: number } | undefined {
    return this.events.find((e) => e.event === 'ready')?.data as { last_seq: number } | undefined;
  }

  close(): void {
    this.abort.abort();
  }
}

async function member(stack: Stack, admin: User, acc: string): Promise<{ user: User; subscription: string }> {
  const user = await signUp(stack, { confirm: true });
  const invite = await admin.browser.post(`/${acc}`, { klass: 'Subscription', email: user.email });
  if (invite.status !== 201) throw new Error(`invite: ${invite.status} ${invite.text}`);
  const accept = await user.browser.put(`/${acc}/_design/status/_update/accept/${invite.body.id}`);
  if (accept.status !== 200) throw new Error(`accept: ${accept.status} ${accept.text}`);
  return { user, subscription: invite.body.id };
}

/** The group's change log after `since`, oldest first, as `_changes` answers it. */
async function logAfter(user: User, acc: string, since: number): Promise<Array<{ seq: number; id: string }>> {
  const res = await user.browser.get(`/${acc}/_changes?since=${since}&descending=false`);
  return res.body.results.map((r: { seq: number; id: string }) => ({ seq: r.seq, id: r.id }));
}

describe('live updates (GET /{account_id}/_events)', () => {
  let stack: Stack;
  let admin: User;
  let bob: User;
  let bobSubscription: string;
  let acc: string;
  const open: StreamReader[] = [];
  const stream = async (...args: Parameters<typeof StreamReader.open> extends [Stack, ...infer R] ? R : never) => {
    const s = await StreamReader.open(stack, ...args);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    stack = await startStack('live', { LIVE_MAX_STREAMS_PER_USER: '3', LIVE_RECHECK_SECONDS: '1' });
    admin = await signUp(stack, { confirm: true });
    acc = (await createGroup(admin, 'Live Repairs')).id;
    ({ user: bob, subscription: bobSubscription } = await member(stack, admin, acc));
  }, 60_000);

  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it("sends a ticket another member creates, with the seq the change feed gives it as the event's id", async () => {
    const s = await stream(`/${acc}/_events`, { user: bob });
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toContain('no-cache');
    await s.until((r) => !!r.ready());
    const start = s.ready()!.last_seq;
    expect(start).toBeGreaterThan(0); // the group's creation, its settings and the memberships are logged

    const ticket = await admin.browser.post(`/${acc}`, { klass: 'Ticket', content: 'Laptop overheats' });
    expect(ticket.status).toBe(201);
    await s.until((r) => r.changes().some((c) => c.id === ticket.body.id));
    const logged = (await logAfter(admin, acc, start)).find((r) => r.id === ticket.body.id)!;
    const sent = s.changes().find((c) => c.id === ticket.body.id)!;
    expect(sent).toMatchObject({ id: ticket.body.id, seq: logged.seq, eventId: String(logged.seq), klass: 'Ticket', action: 'create' });
    expect(sent).not.toHaveProperty('doc');
    // every event so far is in seq order, without a hole or a repeat
    const seqs = s.changes().map((c) => c.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => start + 1 + i));
  });

  it('after Last-Event-ID replays exactly the changes missed, then goes on live without a gap or a repeat', async () => {
    const first = await stream(`/${acc}/_events`, { user: bob });
    await first.until((r) => !!r.ready());
    first.close();
    const lastSeen = first.ready()!.last_seq;

    const missed: string[] = [];
    for (const content of ['Missed one', 'Missed two', 'Missed three']) missed.push((await admin.browser.post(`/${acc}`, { klass: 'Ticket', content })).body.id);
    const log = await eventually(
      () => logAfter(admin, acc, lastSeen),
      (rows) => missed.every((id) => rows.some((r) => r.id === id)),
    );

    const again = await stream(`/${acc}/_events`, { user: bob, headers: { 'last-event-id': String(lastSeen) } });
    await again.until((r) => r.changes().length >= log.length);
    expect(again.ready()).toEqual({ last_seq: lastSeen });
    expect(again.changes().map((c) => [c.seq, c.id])).toEqual(log.map((r) => [r.seq, r.id]));

    const live = (await admin.browser.post(`/${acc}`, { klass: 'Ticket', content: 'Live again' })).body.id;
    await again.until((r) => r.changes().some((c) => c.id === live));
    const seqs = again.changes().map((c) => c.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => lastSeen + 1 + i));

    // the query parameter does the same for a client that cannot set the header
    const byQuery = await stream(`/${acc}/_events?last-event-id=${lastSeen}`, { user: bob });
    await byQuery.until((r) => r.changes().some((c) => c.id === live));
    expect(byQuery.changes().map((c) => c.seq)).toEqual(seqs);
  });

  it('refuses before any stream starts, as JSON: 401 signed out, 403 for a non-member, 404 for a user id, 400 for a bad Last-Event-ID', async () => {
    const outsider = await signUp(stack);
    const expectJson = async (s: StreamReader, status: number, body: object) => {
      expect(s.res.status).toBe(status);
      expect(s.res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await s.res.json()).toMatchObject(body);
    };
    await expectJson(await stream(`/${acc}/_events`), 401, { error: 'unauthorized', reason: 'Please login again' });
    await expectJson(await stream(`/${acc}/_events`, { user: outsider }), 403, { error: 'forbidden', reason: 'You need a subscription to access this Group' });
    await expectJson(await stream(`/${bob.id}/_events`, { user: bob }), 404, { error: 'not_found' });
    await expectJson(await stream(`/${acc}/_events`, { user: bob, headers: { 'last-event-id': 'yesterday' } }), 400, { error: 'bad_request' });
  });

  it('is in the OpenAPI document as a text/event-stream answer', async () => {
    const doc = (await stack.browser().get('/api/docs-json')).body;
    const op = doc.paths['/{account_id}/_events'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['account_id', 'Last-Event-ID', 'last-event-id']));
  });

  it('works with a bearer token, and ends when the token is deleted', async () => {
    const token = await createToken(bob, ['read']);
    const s = await stream(`/${acc}/_events`, { bearer: token });
    expect(s.res.status).toBe(200);
    await s.until((r) => !!r.ready());
    const ticket = (await admin.browser.post(`/${acc}`, { klass: 'Ticket', content: 'Seen by a token' })).body.id;
    await s.until((r) => r.changes().some((c) => c.id === ticket));

    const tokens = await bob.browser.post(`/${bob.id}/_find`, { selector: { klass: 'UserToken' } });
    const doc = tokens.body.docs.find((d: { description: string }) => d.description === 'e2e');
    expect((await bob.browser.delete(`/${bob.id}/${doc._id}?rev=${doc._rev}`)).status).toBe(200);
    await s.until((r) => r.ended, 8000);
    expect(s.events.at(-1)).toMatchObject({ event: 'end', data: { error: 'unauthorized' } });
  });

  it('bounds the streams of one user (LIVE_MAX_STREAMS_PER_USER=3): the next is a 429 as JSON, and a closed one frees its place', async () => {
    const carol = (await member(stack, admin, acc)).user;
    const three = [await stream(`/${acc}/_events`, { user: carol }), await stream(`/${acc}/_events`, { user: carol }), await stream(`/${acc}/_events`, { user: carol })];
    for (const s of three) expect(s.res.status).toBe(200);
    const fourth = await stream(`/${acc}/_events`, { user: carol });
    expect(fourth.res.status).toBe(429);
    expect(await fourth.res.json()).toEqual({ error: 'too_many_requests', reason: expect.stringContaining('at most 3') });
    // others are not counted against carol
    expect((await stream(`/${acc}/_events`, { user: admin })).res.status).toBe(200);

    three[0].close();
    const live = stack.gateway.get(LiveService);
    await eventually(
      async () => live.openCount,
      (n) => n === 3, // carol's two and the admin's one
    );
    expect((await stream(`/${acc}/_events`, { user: carol })).res.status).toBe(200);
  });

  it("ends a member's stream within seconds when an administrator removes them, with the refusal as the last event", async () => {
    const s = await stream(`/${acc}/_events`, { user: bob });
    await s.until((r) => !!r.ready());
    const sub = (await admin.browser.get(`/${acc}/${bobSubscription}`)).body;
    // the membership is otherwise asked again only every LIVE_MEMBERSHIP_SECONDS (60 s here): a stream that ends well
    // before that was ended by the removal's change event
    const { membershipMs } = stack.gateway.get<LiveConfig>(LIVE_CONFIG);
    expect(membershipMs).toBe(60_000);
    expect((await admin.browser.delete(`/${acc}/${bobSubscription}?rev=${sub._rev}`)).status).toBe(200);
    await s.until((r) => r.ended, membershipMs / 2);
    expect(s.events.at(-1)).toMatchObject({ event: 'end', data: { error: 'forbidden', reason: 'You need a subscription to access this Group' } });
    // the removal itself is not sent to the one removed
    expect(s.changes().some((c) => c.id === bobSubscription)).toBe(false);
    // and a new stream is refused
    expect((await stream(`/${acc}/_events`, { user: bob })).res.status).toBe(403);
  });

  it("ends a stream on a sub-group reached through the parent's membership when that membership is removed", async () => {
    const parent = (await createGroup(admin, 'Live Holding')).id;
    // the billing flow's corporate plan (clients cannot write it), so the parent may have sub-groups
    const plan = await stack.pool.query(
      `UPDATE accounts.documents SET body = jsonb_set(body, '{value}', to_jsonb('corp'::text))
       WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = 'confirmed-plan' AND NOT deleted`,
      [parent],
    );
    expect(plan.rowCount).toBe(1);
    const sub = await admin.browser.post('/accounts', { name: 'Live Branch', parent_account_id: parent });
    expect(sub.status).toBe(201);
    const { user: erin, subscription } = await member(stack, admin, parent);

    const s = await stream(`/${sub.body.id}/_events`, { user: erin });
    expect(s.res.status).toBe(200);
    await s.until((r) => !!r.ready());
    const membership = (await admin.browser.get(`/${parent}/${subscription}`)).body;
    expect((await admin.browser.delete(`/${parent}/${subscription}?rev=${membership._rev}`)).status).toBe(200);
    await s.until((r) => r.ended, 5000);
    expect(s.events.at(-1)).toMatchObject({ event: 'end', data: { error: 'forbidden' } });
  });

  it('ends the stream when its session ends (logout)', async () => {
    const dave = (await member(stack, admin, acc)).user;
    const s = await stream(`/${acc}/_events`, { user: dave });
    await s.until((r) => !!r.ready());
    expect((await dave.browser.delete('/_session')).status).toBe(200);
    await s.until((r) => r.ended, 5000);
    expect(s.events.at(-1)).toMatchObject({ event: 'end', data: { error: 'unauthorized' } });
  });

  it('ends every stream when the gateway shuts down, and the shutdown does not wait for them', async () => {
    const s = await stream(`/${acc}/_events`, { user: admin });
    await s.until((r) => !!r.ready());
    const live = stack.gateway.get(LiveService);
    expect(live.openCount).toBeGreaterThan(0);
    // an open stream never ends by itself: a close that waited for it would never return (and the test would not end)
    await stack.gateway.close();
    expect(live.openCount).toBe(0); // the shutdown ended them
    await s.until((r) => r.ended);
    expect(s.events.some((e) => e.event === 'end')).toBe(false); // no refusal: a browser reconnects
  });
});
