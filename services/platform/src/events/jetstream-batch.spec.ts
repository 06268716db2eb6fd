import { randomBytes } from 'crypto';
import { DiscardPolicy, ErrorCode, type JsMsg, type Msg, type NatsConnection, type NatsError } from 'nats';
import { appPrefix } from '@app/proto';
import { openTestNats } from '../store/testing/test-env';
import { JetStreamBatchPublisher, type BatchMessage } from './jetstream-batch';

// Batches published to JetStream on the local NATS: what counts as stored, and how a batch fails.

const encoder = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('JetStreamBatchPublisher', () => {
  let nc: NatsConnection;
  const streams: string[] = [];
  const publishers: JetStreamBatchPublisher[] = [];

  function publisher(timeoutMs?: number, conn = nc): JetStreamBatchPublisher {
    const p = new JetStreamBatchPublisher(conn, timeoutMs);
    publishers.push(p);
    return p;
  }

  /** A stream of its own on `<name>.>`; its subject is `<name>.x`. */
  async function stream(extra: { max_msgs?: number; discard?: DiscardPolicy } = {}): Promise<{ name: string; subject: string }> {
    const name = `${appPrefix()}_jsb_${randomBytes(4).toString('hex')}`;
    await (await nc.jetstreamManager()).streams.add({ name, subjects: [`${name}.>`], duplicate_window: 60e9, ...extra });
    streams.push(name);
    return { name, subject: `${name}.x` };
  }

  async function stored(name: string): Promise<{ text: string; msgId?: string }[]> {
    const consumer = await nc.jetstream().consumers.get(name);
    const pending = (await consumer.info()).num_pending;
    const out: { text: string; msgId?: string }[] = [];
    if (!pending) return out;
    for await (const m of (await consumer.fetch({ max_messages: pending, expires: 2000 })) as AsyncIterable<JsMsg>) {
      out.push({ text: m.string(), msgId: m.headers?.get('Nats-Msg-Id') });
      if (out.length === pending) break;
    }
    return out;
  }

  const messages = (n: number, from = 0): BatchMessage[] => Array.from({ length: n }, (_, i) => ({ data: encoder.encode(`m${from + i}`), msgId: `id-${from + i}` }));

  beforeAll(async () => {
    nc = await openTestNats();
  });

  afterAll(async () => {
    for (const p of publishers) p.close();
    const jsm = await nc.jetstreamManager();
    for (const s of streams) await jsm.streams.delete(s).catch(() => undefined);
    await nc.close();
  });

  it('a batch the stream takes: all stored, in order, each with its Nats-Msg-Id; a re-sent id counts as stored and is kept once', async () => {
    const s = await stream();
    const p = publisher();
    expect(await p.publish(s.subject, messages(250))).toEqual({ stored: 250 });
    expect(await p.publish(s.subject, [...messages(1, 249), ...messages(1, 250)])).toEqual({ stored: 2 });
    const seen = await stored(s.name);
    expect(seen.map((m) => m.text)).toEqual(Array.from({ length: 251 }, (_, i) => `m${i}`));
    expect(seen.map((m) => m.msgId)).toEqual(Array.from({ length: 251 }, (_, i) => `id-${i}`));
    expect(await p.publish(s.subject, [])).toEqual({ stored: 0 });
  });

  it('a stream that refuses from the 4th message on: the first 3 stored, the error is the 4th refusal', async () => {
    const s = await stream({ max_msgs: 3, discard: DiscardPolicy.New });
    const r = await publisher().publish(s.subject, messages(6));
    expect(r.stored).toBe(3);
    expect((r.error as NatsError).api_error).toMatchObject({ code: 503, err_code: 10077 });
    expect((await stored(s.name)).map((m) => m.text)).toEqual(['m0', 'm1', 'm2']);
  });

  it('a subject no stream takes: nothing stored, 503 no responders', async () => {
    const r = await publisher().publish(`${appPrefix()}_jsb_nostream.x`, messages(3));
    expect(r).toEqual({ stored: 0, error: expect.objectContaining({ code: ErrorCode.NoResponders }) });
  });

  it('acks that do not come in time: stored up to the first one missing, a timeout error; a late ack changes nothing', async () => {
    const subject = `${appPrefix()}_jsb_slow.x`;
    // stands in for a stream: acks the first message at once and holds the others until the batch has given up on them
    const ack = encoder.encode(JSON.stringify({ stream: 'fake', seq: 1 }));
    const held: Msg[] = [];
    const fake = nc.subscribe(subject, {
      callback: (_err, m) => {
        if (m.headers?.get('Nats-Msg-Id') === 'id-0') m.respond(ack);
        else held.push(m);
      },
    });
    const p = publisher(300);
    const r = await p.publish(subject, messages(3));
    // the timeout ended the batch: the two missing acks had not been sent at all
    expect(r).toEqual({ stored: 1, error: expect.objectContaining({ code: ErrorCode.Timeout }) });
    for (const m of held) m.respond(ack); // the late acks…
    await nc.flush(); // …are back from the server once it answers this ping, and are dropped
    fake.unsubscribe();
    const s = await stream();
    expect(await p.publish(s.subject, messages(2))).toEqual({ stored: 2 });
  });

  it('an answer that is not an ack of a stream (no stream named, an API error, not JSON) is not stored', async () => {
    const subject = `${appPrefix()}_jsb_odd.x`;
    const answers: Record<string, string> = { 'id-0': '{"stream":"s","seq":1}', 'id-1': '{"seq":2}', 'id-2': '{"error":{"code":400,"err_code":10999,"description":"bad"}}', 'id-3': 'not json' };
    const fake = nc.subscribe(subject, { callback: (_e, m) => m.respond(encoder.encode(answers[m.headers!.get('Nats-Msg-Id')])) });
    const p = publisher(2000);
    expect(await p.publish(subject, messages(2))).toEqual({ stored: 1, error: expect.objectContaining({ code: ErrorCode.JetStreamInvalidAck }) });
    const apiError = await p.publish(subject, messages(1, 2));
    expect(apiError).toEqual({ stored: 0, error: expect.objectContaining({ message: 'bad', api_error: { code: 400, err_code: 10999, description: 'bad' } }) });
    const notJson = await p.publish(subject, messages(1, 3));
    expect(notJson.stored).toBe(0);
    expect(notJson.error).toBeInstanceOf(Error);
    fake.unsubscribe();
  });

  it('a closed connection: nothing stored, connection closed; a connection closing during a batch fails it at once', async () => {
    const closed = await openTestNats();
    await closed.close();
    expect(await publisher(5000, closed).publish('x.y', messages(2))).toEqual({ stored: 0, error: expect.objectContaining({ code: ErrorCode.ConnectionClosed }) });

    const closing = await openTestNats();
    const subject = `${appPrefix()}_jsb_silent.x`;
    const silent = nc.subscribe(subject); // takes the messages and never answers
    // the server knows of it before the other connection publishes (else it answers "no responders" at once)
    await nc.flush();
    const pending = publisher(5000, closing).publish(subject, messages(2));
    await sleep(100);
    await closing.close();
    // failed by the close, not by its 5 s timeout (which would be a Timeout error)
    expect(await pending).toEqual({ stored: 0, error: expect.objectContaining({ code: ErrorCode.ConnectionClosed }) });
    silent.unsubscribe();
  });

  it('close() fails a batch still waiting and ends the ack subscription', async () => {
    const subject = `${appPrefix()}_jsb_closed.x`;
    const silent = nc.subscribe(subject);
    const p = publisher(5000);
    const pending = p.publish(subject, messages(1));
    await sleep(50);
    const subs = (nc as unknown as { protocol: { subscriptions: { size(): number } } }).protocol.subscriptions.size();
    p.close();
    expect(await pending).toEqual({ stored: 0, error: expect.objectContaining({ code: ErrorCode.ConnectionClosed }) });
    expect((nc as unknown as { protocol: { subscriptions: { size(): number } } }).protocol.subscriptions.size()).toBe(subs - 1);
    silent.unsubscribe();
  });
});
