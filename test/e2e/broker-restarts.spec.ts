import { spawn, type ChildProcess } from 'child_process';
import { existsSync, mkdtempSync, rmSync } from 'fs';
import net from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { createGroup, createToken, eventually, signUp, sleep, startStack, type Stack, type User } from './harness';

// A Redis restart and a NATS restart under write load (issue 17 item 7): two writers post customers through the
// gateway with a bearer token; while Redis or NATS is away every request is answered at once (503 with a reason,
// never a 500, never held), signed-in sessions survive the Redis restart (its append-only file), and every write that
// was acknowledged (201) is stored once the broker is back. This stack runs on a Redis and a NATS of its own (started
// here on free ports), so restarting them touches nothing else.

const NATS_BIN = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync) ?? 'nats-server';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A server process that can be stopped and started again on the same port and data folder. */
class Server {
  private child?: ChildProcess;
  constructor(
    private readonly command: string,
    private readonly args: string[],
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    this.child = spawn(this.command, this.args, { stdio: 'ignore' });
    await eventually(() => answers(this.port), (up) => up, 10_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

interface Answer {
  status: number;
  ms: number;
  /** when it was answered (performance.now()) */
  at: number;
  body: string;
  id?: string;
}

describe('Redis and NATS restarts under write load', () => {
  let stack: Stack;
  let redis: Server;
  let nats: Server;
  let dir: string;
  let owner: User;
  let group: string;
  let token: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'broker-restarts-'));
    const redisPort = await freePort();
    const natsPort = await freePort();
    redis = new Server('redis-server', ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir], redisPort);
    nats = new Server(NATS_BIN, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', path.join(dir, 'nats')], natsPort);
    await redis.start();
    await nats.start();
    stack = await startStack('broker_restarts', { REDIS_URL: `redis://127.0.0.1:${redisPort}`, NATS_URL: `nats://127.0.0.1:${natsPort}` });
    owner = await signUp(stack, { confirm: true });
    group = (await createGroup(owner, 'Restart shop')).id;
    token = await createToken(owner);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
    
  });

  /** Two writers posting customers every ~55 ms each (~36 writes/s) until `stop` resolves. */
  async function writeWhile(stop: Promise<unknown>, tag: string): Promise<Answer[]> {
    const out: Answer[] = [];
    let done = false;
    let n = 0;
    const writer = async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${stack.url}/${group}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ klass: 'Customer', name: `${tag} ${++n}` }),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        const body = res ? await res.text() : 'no answer';
        const answer: Answer = { status: res?.status ?? 0, ms: performance.now() - started, at: performance.now(), body };
        if (answer.status === 201) answer.id = JSON.parse(body).id;
        out.push(answer);
        await sleep(55);
      }
    };
    // `stop` failing (the broker did not stop or start) ends the writers and fails the test with its error
    await Promise.all([stop.finally(() => (done = true)), writer(), writer()]);
    return out;
  }

  /**
   * Every answer was a success or a 503 with a reason, refusals came while the broker was still away (`back`: when it
   * was started again), and the acknowledged writes are all stored.
   */
  async function expectNoLoss(all: Answer[], back: number): Promise<void> {
    const failures = all.filter((a) => a.status !== 201);
    if (process.env.BROKER_RESTARTS_FIGURES) console.log(`${all.length} writes, ${failures.length} refused, slowest refusal ${Math.round(Math.max(0, ...failures.map((f) => f.ms)))} ms, slowest success ${Math.round(Math.max(0, ...all.filter((a) => a.id).map((a) => a.ms)))} ms`);
    for (const f of failures) {
      expect([f.status, f.body]).toEqual([503, expect.stringContaining('"error":"service_unavailable"')]);
      expect(JSON.parse(f.body).reason).toEqual(expect.any(String));
    }
    // a request is refused at once rather than held until the broker is back: refusals were answered while it was away
    // (one held until then would have been answered after it; how long a refusal takes is BROKER_RESTARTS_FIGURES')
    expect(failures.filter((f) => f.at < back).length).toBeGreaterThan(0);
    const acknowledged = all.filter((a) => a.id).map((a) => a.id as string);
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const id of acknowledged) {
      const res = await fetch(`${stack.url}/${group}/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect([id, res.status]).toEqual([id, 200]);
    }
  }

  it('a Redis restart: requests answer 201 or a prompt 503 with a reason (no 500), the session survives, and every acknowledged write is stored', async () => {
    let back = Infinity;
    const writes = writeWhile(
      (async () => {
        await sleep(1500);
        await redis.stop();
        await sleep(2000);
        back = performance.now();
        await redis.start();
        await sleep(2500);
      })(),
      'redis',
    );
    const all = await writes;
    expect(all.filter((a) => a.status === 503).length).toBeGreaterThan(0); // the outage was met
    await expectNoLoss(all, back);

    // the browser session made before the restart is still signed in (Redis kept it in its append-only file)
    const session = await eventually(() => owner.browser.get('/_session'), (r) => r.status === 200, 10_000);
    expect(session.body.userCtx.name).toBe(owner.id);
    // and writes go through again
    const after = await eventually(
      () => fetch(`${stack.url}/${group}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'Customer', name: 'after redis' }) }),
      (r) => r.status === 201,
      10_000,
    );
    expect(after.status).toBe(201);
  }, 90_000);

  it('a NATS restart: requests answer 201 or a prompt 503 with a reason instead of hanging, then recover by themselves, and every acknowledged write is stored', async () => {
    let back = Infinity;
    const writes = writeWhile(
      (async () => {
        await sleep(1500);
        await nats.stop();
        await sleep(2500);
        back = performance.now();
        await nats.start();
        await sleep(4000);
      })(),
      'nats',
    );
    const all = await writes;
    expect(all.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // the last second of writes all went through: the processes found the broker again without a restart
    expect(all.slice(-6).map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    await expectNoLoss(all, back);
  }, 90_000);
});
