import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import Redis from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readRedisPersistence, type RedisPersistence } from '@app/platform';
import { eventually } from '@app/platform/testing/eventually';
import { createGateway } from '../gateway';
import { SERVED_SERVICES } from '../documents/doc-router';
import { StubService } from '../testing/stub-service';

// GET /_up says whether the Redis in use keeps its data on disk: on these machines Redis runs with `appendonly no`
// and no `save`, and a Redis restart then signs every user out and drops every queued job, silently. The gateway here
// uses a Redis server of its own (a child process on a free port, so its settings can be changed), every service a
// stand-in that answers its readiness call.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let redisServer: ChildProcess;
let redis: Redis;
let dir: string;
let app: NestFastifyApplication;
let url: string;
const ready = { ok: true, service: 'stub', version: '0', uptime_s: 1, checks: { db: 'ok' } };
const stubs = [...SERVED_SERVICES].map((s) => new StubService(s, [`${s}.health`]).on(`${s}.health`, () => ready));
const saved = { APP_PREFIX: process.env.APP_PREFIX, REDIS_URL: process.env.REDIS_URL };

beforeAll(async () => {
  const port = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), 'sd-redis-'));
  // as on the development and CI machines: nothing kept on disk
  redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  redis = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: (n) => (n > 50 ? null : 100) });
  await eventually(() => redis.ping().catch(() => undefined), (r) => r === 'PONG', 10_000);
  process.env.APP_PREFIX = `${process.env.TEST_RUN_ID ?? 'local'}_redispersist`;
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  for (const stub of stubs) await stub.start();
  app = await createGateway({ port: 0, host: '127.0.0.1' });
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
}, 30_000);

afterAll(async () => {
  await app?.close();
  for (const stub of stubs) await stub.stop();
  redis?.disconnect();
  redisServer?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  Object.assign(process.env, saved);
});

interface UpAnswer {
  status: string;
  checks: Record<string, string>;
  redis: RedisPersistence;
}

const up = async () => {
  const res = await fetch(`${url}/_up`);
  return { status: res.status, body: (await res.json()) as UpAnswer };
};

it('GET /_up on a Redis that keeps nothing: still ready (200), and says what a Redis restart loses', async () => {
  const { status, body } = await up();
  expect(status).toBe(200);
  expect(body).toMatchObject({ status: 'ok', checks: { redis: 'ok', identity: 'ok', accounts: 'ok', tickets: 'ok' } });
  expect(body.redis).toEqual({
    persistence: 'none',
    lost_on_restart: ['sessions', 'queued jobs', 'rate-limit counters'],
    detail: expect.stringContaining('keeps nothing on disk'),
  });
});

it('GET /_up follows the Redis settings: an append-only file, then snapshots only', async () => {
  await redis.config('SET', 'appendonly', 'yes');
  expect((await up()).body.redis).toMatchObject({ persistence: 'aof', lost_on_restart: [] });
  await redis.config('SET', 'appendonly', 'no');
  await redis.config('SET', 'save', '900 1');
  expect((await up()).body.redis).toMatchObject({ persistence: 'rdb', lost_on_restart: [] });
  await redis.config('SET', 'save', '');
  expect((await up()).body.redis.persistence).toBe('none');
});

it('a Redis that refuses CONFIG (managed Redis) is "unknown", not "none"', async () => {
  const refusing = { config: () => Promise.reject(new Error("ERR unknown command 'CONFIG'")) };
  expect(await readRedisPersistence(refusing as never)).toEqual({
    persistence: 'unknown',
    lost_on_restart: null,
    detail: expect.stringContaining("unknown command 'CONFIG'"),
  });
});
