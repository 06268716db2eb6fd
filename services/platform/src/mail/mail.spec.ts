import { randomBytes } from 'crypto';
import { Queue } from 'bullmq';
import { MailJob } from '@app/proto';
import { AppConfig, loadConfig } from '../config/config';
import { eventually, sleep } from '../testing/eventually';
import { bullConnection, bullPrefix, MAIL_QUEUE } from './connection';
import { MailQueue } from './mail-queue';
import { MailWorker, startMailWorker } from './mail-worker';
import { SmtpSink } from './testing/smtp-sink';

/** The ioredis commands keysContaining sends: bullmq types its client with a narrower interface, at run time it is ioredis. */
interface RawRedis {
  scan(cursor: string, ...args: (string | number)[]): Promise<[string, string[]]>;
  type(key: string): Promise<string>;
  get(key: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  smembers(key: string): Promise<string[]>;
  zrange(key: string, start: number, stop: number): Promise<string[]>;
  xrange(key: string, start: string, end: string): Promise<unknown>;
}

/** The Redis keys under the queue's prefix whose name or value contains `needle` (every key type BullMQ writes). */
async function keysContaining(raw: Queue, config: Pick<AppConfig, 'prefix'>, needle: string): Promise<string[]> {
  const redis = (await raw.client) as unknown as RawRedis;
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${bullPrefix(config)}:*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let value: unknown = null;
      if (type === 'string') value = await redis.get(key);
      else if (type === 'hash') value = await redis.hgetall(key);
      else if (type === 'list') value = await redis.lrange(key, 0, -1);
      else if (type === 'set') value = await redis.smembers(key);
      else if (type === 'zset') value = await redis.zrange(key, 0, -1);
      else if (type === 'stream') value = await redis.xrange(key, '-', '+');
      if (key.includes(needle) || JSON.stringify(value).includes(needle)) found.push(key);
    }
  } while (cursor !== '0');
  return found;
}

// Queue → Redis → worker → SMTP, on the real local Redis and an in-process SMTP server.
describe('mail queue and worker', () => {
  const sink = new SmtpSink();
  let queue: MailQueue;
  let worker: MailWorker;
  let config: AppConfig;
  /** the same queue through BullMQ itself: to read Redis and to add jobs MailQueue would refuse */
  let raw: Queue;

  beforeAll(async () => {
    const port = await sink.start();
    // a prefix of its own, so no other test file's worker takes these jobs
    const base = loadConfig();
    config = { ...base, prefix: `${base.prefix}_mailspec`, smtp: { ...base.smtp, host: '127.0.0.1', port } };
    queue = new MailQueue(config);
    worker = startMailWorker(config);
    raw = new Queue(MAIL_QUEUE, { connection: bullConnection(config), prefix: bullPrefix(config) });
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await raw?.close();
    await sink.stop();
  });

  it('sends a queued confirmation mail in pt-BR', async () => {
    await queue.send({
      to: 'maria@example.com',
      template: 'confirmation',
      locale: 'pt-BR',
      vars: { name: 'Maria', email: 'maria@example.com', link: 'http://x.test/user/confirm/tok' },
    });
    const mail = await sink.waitFor('maria@example.com');
    expect(mail.subject).toBe('Confirme seu e-mail no ServiceDesk');
    expect(mail.text).toContain('Olá Maria,');
    expect(mail.text).toContain('http://x.test/user/confirm/tok');
    expect(mail.html).toContain('href="http://x.test/user/confirm/tok"');
    expect(mail.from).toContain('@');
  });

  it('sends in English for an unknown locale', async () => {
    await queue.send({ to: 'joe@example.com', template: 'password-changed', locale: 'fr', vars: { name: 'Joe', email: 'joe@example.com' } });
    const mail = await sink.waitFor('joe@example.com');
    expect(mail.subject).toBe('Your ServiceDesk password was changed');
  });

  it('retries a mail the SMTP server did not take, with backoff', async () => {
    // a port where nothing listens yet: the first attempt fails, the retry 2 s later reaches the server
    const late = new SmtpSink();
    const port = await late.start();
    await late.stop();
    const base = loadConfig();
    const config = { ...base, prefix: `${base.prefix}_mailretry`, smtp: { ...base.smtp, host: '127.0.0.1', port } };
    const retryQueue = new MailQueue(config);
    const retryWorker = startMailWorker(config);
    const again = new SmtpSink();
    try {
      await retryQueue.send({ to: 'late@example.com', template: 'password-changed', locale: 'en', vars: { name: '', email: 'late@example.com' } });
      await new Promise((r) => setTimeout(r, 500));
      expect(again.mails).toHaveLength(0);
      await again.start(port);
      const mail = await again.waitFor('late@example.com', undefined, 15000);
      expect(mail.text.startsWith('Hello,')).toBe(true);
    } finally {
      await retryWorker.close();
      await retryQueue.close();
      await again.stop();
    }
  });

  it('sends List-Unsubscribe and List-Unsubscribe-Post (one-click) for a job with an unsubscribe address, and neither without one', async () => {
    const unsubscribe = 'http://x.test/mail/unsubscribe?token=usr-1.free-limit.sig';
    const vars = { name: 'Ana', group: 'Oficina', count: '1000', link: 'http://x.test/account/acc-1/billing', dashboard: 'http://x.test/account/acc-1' };
    await queue.send({ to: 'unsub@example.com', template: 'free-limit', locale: 'en', vars, unsubscribe });
    const mail = await sink.waitFor('unsub@example.com');
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe: <${unsubscribe.replace(/[.?]/g, '\\$&')}>`, 'im'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(mail.text).toContain(unsubscribe);
    await queue.send({ to: 'no-unsub@example.com', template: 'password-changed', locale: 'en', vars: { name: '', email: 'no-unsub@example.com' } });
    expect((await sink.waitFor('no-unsub@example.com')).raw).not.toMatch(/List-Unsubscribe/i);
  });

  it('refuses a job whose unsubscribe address is not an http(s) URL', async () => {
    await expect(queue.send({ to: 'x@example.com', template: 'password-changed', locale: 'en', vars: { name: '', email: 'x@example.com' }, unsubscribe: 'javascript:alert(1)' })).rejects.toThrow();
  });

  it('refuses a malformed job before it reaches Redis', async () => {
    await expect(queue.send({ to: 'x@example.com', template: 'nope' as never, locale: 'en', vars: {} })).rejects.toThrow();
  });

  const changed = (to: string): MailJob => ({ to, template: 'password-changed', locale: 'en', vars: { name: 'Click http://evil.test', email: to } });
  const notOne = ['list-a@example.com,list-b@example.com', 'list-c@example.com; list-d@example.com', 'Boss <list-e@example.com>', 'grp: list-f@example.com;', 'list-g@example.com\nBcc: list-h@example.com'];

  it('refuses a job whose recipient is not exactly one plain address before it reaches Redis', async () => {
    for (const to of notOne) await expect(queue.send(changed(to))).rejects.toThrow(/one plain address/);
  });

  it('the worker sends nothing for a queued job whose recipient is an address list or has a display name', async () => {
    for (const to of notOne) await raw.add('password-changed', changed(to));
    await queue.send(changed('after-lists@example.com'));
    await sink.waitFor('after-lists@example.com');
    await sleep(300);
    expect(sink.mails.filter((m) => m.to.some((t) => t.startsWith('list-')))).toEqual([]);
  });

  it('keeps no link in Redis once its mail is sent', async () => {
    const secret = randomBytes(16).toString('hex');
    await queue.send({ to: 'sent-link@example.com', template: 'confirmation', locale: 'en', vars: { name: '', email: 'sent-link@example.com', link: `http://x.test/user/confirm/${secret}` } });
    expect(await keysContaining(raw, config, secret)).not.toEqual([]); // the waiting job holds it
    expect((await sink.waitFor('sent-link@example.com')).text).toContain(secret);
    expect(await eventually(() => keysContaining(raw, config, secret), (keys) => keys.length === 0, 5000)).toEqual([]);
  });

  it('keeps no link in Redis once its job has failed for good', async () => {
    const secret = randomBytes(16).toString('hex');
    // no `email` value: the template cannot be rendered, so the job fails at once without retries
    const id = await queue.send({ to: 'failed-link@example.com', template: 'confirmation', locale: 'en', vars: { name: '', link: `http://x.test/user/confirm/${secret}` } });
    await eventually(async () => (await raw.getJob(id))?.failedReason ?? (await raw.getJobState(id)), (state) => state !== 'waiting' && state !== 'active', 5000);
    expect(await eventually(() => keysContaining(raw, config, secret), (keys) => keys.length === 0, 5000)).toEqual([]);
  });
});
