import type { NatsConnection } from 'nats';
import { changeStream, type ChangeEvent } from '@app/proto';
import { openTestNats } from '../store/testing/test-env';
import { ChangeSubscription, type ChangeHandler } from './change-subscription';
import { ensureChangeStream } from './change-stream';

// ChangeSubscription on the real NATS: a prefix (stream) per test, events published as a service's outbox would.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;

describe('ChangeSubscription', () => {
  let nc: NatsConnection;
  const subs: ChangeSubscription[] = [];

  beforeAll(async () => {
    nc = await openTestNats();
  });

  afterAll(async () => {
    for (const s of subs) await s.stop();
    await nc?.close();
  });

  async function setUp(): Promise<{ prefix: string; publish(id: string): Promise<void> }> {
    const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_subscription_${n++}`;
    await ensureChangeStream(nc, prefix);
    const subject = changeStream(prefix).subject('tickets');
    const publish = async (id: string) => {
      const e: ChangeEvent = { account_id: 'acc-1', id, klass: 'Customer', rev: '2-a', deleted: false, label: null, updated_at: new Date().toISOString(), size: 1 };
      await nc.jetstream().publish(subject, JSON.stringify(e));
    };
    return { prefix, publish };
  }

  function subscribe(conn: NatsConnection, prefix: string, handler: ChangeHandler, ackWaitMs = 1000, pullExpiresMs?: number): Promise<ChangeSubscription> {
    const s = new ChangeSubscription(conn, handler, { name: 'test_work', service: 'tickets', prefix, ackWaitMs, pullExpiresMs, logger: { error: () => undefined, warn: () => undefined } });
    subs.push(s);
    return s.start().then(() => s);
  }

  async function until(check: () => boolean, ms = 8000): Promise<void> {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await sleep(20);
    }
  }

  it('hands every event to the handler once it succeeds, and acknowledges it: a later subscription of the same work gets none again', async () => {
    const { prefix, publish } = await setUp();
    const seen: string[] = [];
    const first = await subscribe(nc, prefix, async (e) => void seen.push(e.id));
    await publish('cus-1');
    await publish('cus-2');
    await until(() => seen.length === 2);
    await first.stop();
    const again: string[] = [];
    await subscribe(nc, prefix, async (e) => void again.push(e.id));
    await sleep(1500); // past the ack wait: anything not acknowledged would be here
    expect(seen).toEqual(['cus-1', 'cus-2']);
    expect(again).toEqual([]);
  });

  it('a stream deleted under a running subscription: once the stream is made again (by a publisher) the consumer is made again and new events reach the handler', async () => {
    const { prefix, publish } = await setUp();
    const seen: string[] = [];
    await subscribe(nc, prefix, async (e) => void seen.push(e.id), 1000, 1000);
    await publish('cus-1');
    await until(() => seen.length === 1);
    await (await nc.jetstreamManager()).streams.delete(changeStream(prefix).name);
    await ensureChangeStream(nc, prefix); // as the change publisher does after its publish fails
    await publish('cus-2');
    await until(() => seen.includes('cus-2'), 20_000);
    expect(seen).toEqual(['cus-1', 'cus-2']);
  }, 30_000);

  it('delivers an event again while its handler fails', async () => {
    const { prefix, publish } = await setUp();
    let calls = 0;
    await subscribe(nc, prefix, async () => {
      if (++calls < 3) throw new Error('not yet');
    });
    await publish('cus-1');
    await until(() => calls === 3);
    await sleep(1500);
    expect(calls).toBe(3);
  });

  it('delivers an event again to the next process when the one working on it died without acknowledging it', async () => {
    const { prefix, publish } = await setUp();
    const dying = await openTestNats();
    let started = false;
    await subscribe(dying, prefix, async (_e, work) => {
      started = true;
      for (;;) {
        await sleep(100); // works for ever (touch() throws once its connection is gone)
        work.touch();
      }
    });
    await publish('cus-1');
    await until(() => started);
    await dying.close(); // as a kill -9: the connection is gone, the event unacknowledged
    const seen: string[] = [];
    await subscribe(nc, prefix, async (e) => void seen.push(e.id));
    await until(() => seen.length === 1);
    expect(seen).toEqual(['cus-1']);
  });

  it('a handler that touches its work is not delivered twice however long it works', async () => {
    const { prefix, publish } = await setUp();
    let calls = 0;
    await subscribe(nc, prefix, async (_e, work) => {
      calls++;
      for (let i = 0; i < 25; i++) {
        await sleep(100); // 2.5 s in all, with a 1 s ack wait
        work.touch();
      }
    });
    await publish('cus-1');
    await sleep(3500);
    expect(calls).toBe(1);
  });
});
