import { connect, NatsConnection } from 'nats';
import { batchNatsWrites } from './nats-write-batching';

// batchNatsWrites against the real NATS: publishes made in separate I/O-like callbacks of one loop turn leave in one
// socket write, arrive whole and in order, and a burst above the client's pending limit is still flushed at once.

const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const subject = `${process.env.TEST_RUN_ID ?? 'local'}_batching.msgs`;

/** Counts the socket writes of a connection (its transport's socket, as nats 2.29 keeps it). */
function countWrites(nc: NatsConnection): { writes: number } {
  const socket = (nc as unknown as { protocol: { transport: { socket: { write: (...a: unknown[]) => boolean } } } }).protocol.transport.socket;
  const counter = { writes: 0 };
  const write = socket.write.bind(socket);
  socket.write = (...args: unknown[]) => {
    counter.writes++;
    return write(...args);
  };
  return counter;
}

/** Publishes message i of n from its own setImmediate callback, as separate socket events would. */
function publishInSeparateCallbacks(nc: NatsConnection, n: number, payload = (i: number) => `m${i}`): Promise<void> {
  return new Promise((done) => {
    let left = n;
    for (let i = 0; i < n; i++) {
      setImmediate(() => {
        nc.publish(subject, new TextEncoder().encode(payload(i)));
        if (--left === 0) done();
      });
    }
  });
}

describe('batchNatsWrites', () => {
  let receiver: NatsConnection;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = await connect({ servers: natsUrl });
    receiver.subscribe(subject, { callback: (_e, msg) => received.push(new TextDecoder().decode(msg.data)) });
    await receiver.flush();
  });

  afterAll(async () => {
    await receiver.close();
  });

  beforeEach(() => {
    received.length = 0;
  });

  async function until(n: number): Promise<void> {
    for (let i = 0; i < 200 && received.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  }

  it('without it, each callback publishes with a write of its own', async () => {
    const nc = await connect({ servers: natsUrl });
    const counter = countWrites(nc);
    await publishInSeparateCallbacks(nc, 20);
    await nc.flush();
    await until(20);
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(counter.writes).toBeGreaterThanOrEqual(20);
    await nc.close();
  });

  it('with it, the publishes of one loop turn leave in one write, whole and in order', async () => {
    const nc = await connect({ servers: natsUrl });
    batchNatsWrites(nc);
    const counter = countWrites(nc);
    await publishInSeparateCallbacks(nc, 20);
    await nc.flush();
    await until(20);
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(counter.writes).toBeLessThanOrEqual(3); // the 20 messages, then flush()'s PING
    await nc.close();
  });

  it('a burst above the pending limit is written at once, and request/reply still works', async () => {
    const nc = await connect({ servers: natsUrl });
    batchNatsWrites(nc);
    const big = 'x'.repeat(64 * 1024);
    await publishInSeparateCallbacks(nc, 30, (i) => `${i}:${big}`);
    await nc.flush();
    await until(30);
    expect(received.map((m) => Number(m.split(':')[0]))).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(received.every((m) => m.length > big.length)).toBe(true);

    const echo = nc.subscribe(`${subject}.echo`, { callback: (_e, msg) => msg.respond(msg.data) });
    const reply = await nc.request(`${subject}.echo`, new TextEncoder().encode('ping'), { timeout: 2000 });
    expect(new TextDecoder().decode(reply.data)).toBe('ping');
    echo.unsubscribe();
    await nc.close();
  });

  it('a publish right before close() is still sent', async () => {
    const nc = await connect({ servers: natsUrl });
    batchNatsWrites(nc);
    nc.publish(subject, new TextEncoder().encode('last words'));
    await nc.close();
    await until(1);
    expect(received).toEqual(['last words']);
  });
});
