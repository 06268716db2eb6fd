import { connect, JSONCodec, NatsConnection } from 'nats';
import { responseStart, RpcClient } from './rpc-client';

// RpcClient against the real NATS: replies matched to their calls through one inbox, error replies, "no responders",
// deadlines. A raw subscription plays the service, answering in NestJS's packet format.

const codec = JSONCodec<Record<string, unknown>>();
const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_rpcclient`;
const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';

describe('RpcClient', () => {
  let nc: NatsConnection;
  let rpc: RpcClient;
  const saved = process.env.APP_PREFIX;

  beforeAll(async () => {
    process.env.APP_PREFIX = prefix;
    nc = await connect({ servers: natsUrl });
    // identity.user.get answers after a delay taken from the request, echoing it; accounts.roles.get answers an error;
    // accounts.db.info never answers; nothing subscribes to identity.health
    nc.subscribe(`${prefix}.identity.user.get`, {
      callback: (_e, msg) => {
        const packet = codec.decode(msg.data) as { id: string; data: { name: string; delay: number } };
        setTimeout(() => msg.respond(codec.encode({ id: packet.id, response: { echo: packet.data.name }, isDisposed: true })), packet.data.delay);
      },
    });
    nc.subscribe(`${prefix}.accounts.roles.get`, {
      callback: (_e, msg) => msg.respond(codec.encode({ id: (codec.decode(msg.data) as { id: string }).id, err: { app_error: true, error: 'forbidden', reason: 'nope', status: 403 }, isDisposed: true })),
    });
    nc.subscribe(`${prefix}.accounts.db.info`, { callback: () => undefined });
    // identity.doc.find answers in LeanNatsServer's layout ({id, isDisposed, response}), as the real services do
    nc.subscribe(`${prefix}.identity.doc.find`, {
      callback: (_e, msg) => {
        const id = (codec.decode(msg.data) as { id: string }).id;
        msg.respond(new TextEncoder().encode(JSON.stringify({ id, isDisposed: true, response: { docs: [{ _id: 'ucn-1', note: 'ünïcode "quoted" }' }] } })));
      },
    });
    await nc.flush();
    rpc = new RpcClient(natsUrl, 5000);
  });

  afterAll(async () => {
    await rpc.close();
    await nc.close();
    process.env.APP_PREFIX = saved;
  });

  it('matches concurrent replies to their calls, whatever order they come back in', async () => {
    const calls = [30, 0, 15, 5, 0].map((delay, i) => rpc.call('identity.user.get', { name: `u${i}`, delay } as never));
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4].map((i) => ({ echo: `u${i}` })));
  });

  it('turns an error reply into an AppError', async () => {
    await expect(rpc.call('accounts.roles.get', {} as never)).rejects.toMatchObject({ error: 'forbidden', reason: 'nope' });
  });

  it('answers 503 at once when nothing subscribes to the subject', async () => {
    await expect(rpc.call('identity.health', {})).rejects.toMatchObject({ error: 'service_unavailable', reason: 'The service is not available, please try again later' });
  });

  it('answers 503 when no reply comes before the deadline, and ignores a late reply', async () => {
    await expect(rpc.call('accounts.db.info', {} as never, { timeoutMs: 150 })).rejects.toMatchObject({
      error: 'service_unavailable',
      reason: 'The service did not answer in time, please try again',
    });
    await expect(rpc.call('identity.user.get', { name: 'late', delay: 400 } as never, { timeoutMs: 150 })).rejects.toMatchObject({ error: 'service_unavailable' });
    await new Promise((r) => setTimeout(r, 400)); // the late reply arrives and is dropped
    await expect(rpc.call('identity.user.get', { name: 'after', delay: 0 } as never)).resolves.toEqual({ echo: 'after' });
  });

  it('rejects what is still waiting when closed', async () => {
    const other = new RpcClient(natsUrl, 5000);
    const waiting = other.call('accounts.db.info', {} as never).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await other.close();
    expect(await waiting).toMatchObject({ error: 'service_unavailable' });
  });

  it('callRaw hands over the response as the bytes the service sent, in either reply layout, and throws errors', async () => {
    const raw = await rpc.callRaw('identity.doc.find', {} as never);
    expect(JSON.parse(raw.toString('utf8'))).toEqual({ docs: [{ _id: 'ucn-1', note: 'ünïcode "quoted" }' }] });
    // Nest's own key order ({id, response, isDisposed}) goes through the general path with the same result
    expect(JSON.parse((await rpc.callRaw('identity.user.get', { name: 'x', delay: 0 } as never)).toString())).toEqual({ echo: 'x' });
    await expect(rpc.callRaw('accounts.roles.get', {} as never)).rejects.toMatchObject({ error: 'forbidden', reason: 'nope' });
  });
});

describe('responseStart', () => {
  const at = (text: string) => responseStart(Buffer.from(text));
  it('finds the response only in the exact success layout', () => {
    expect(at('{"id":"12","isDisposed":true,"response":{"a":1}}')).toBe('{"id":"12","isDisposed":true,"response":'.length);
    expect(at('{"id":"12","isDisposed":true,"response":[]}')).toBeGreaterThan(0);
    expect(at('{"id":"12","err":{"x":",\\"isDisposed\\":true,\\"response\\":"},"isDisposed":true}')).toBe(-1);
    expect(at('{"id":"1x","isDisposed":true,"response":{}}')).toBe(-1);
    expect(at('{"id":"","isDisposed":true,"response":{}}')).toBe(-1);
    expect(at('{"id":"12","response":{},"isDisposed":true}')).toBe(-1);
    expect(at('{"id":"12","isDisposed":true}')).toBe(-1);
    expect(at('')).toBe(-1);
  });
});
