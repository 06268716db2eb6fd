import { loadConfig } from '../config/config';
import { MailQueue } from './mail-queue';
import { MailWorker, startMailWorker } from './mail-worker';
import { SmtpSink } from './testing/smtp-sink';

// Queue → Redis → worker → SMTP, on the real local Redis and an in-process SMTP server.
describe('mail queue and worker', () => {
  const sink = new SmtpSink();
  let queue: MailQueue;
  let worker: MailWorker;

  beforeAll(async () => {
    const port = await sink.start();
    // a prefix of its own, so no other test file's worker takes these jobs
    const base = loadConfig();
    const config = { ...base, prefix: `${base.prefix}_mailspec`, smtp: { ...base.smtp, host: '127.0.0.1', port } };
    queue = new MailQueue(config);
    worker = startMailWorker(config);
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
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

  it('refuses a malformed job before it reaches Redis', async () => {
    await expect(queue.send({ to: 'x@example.com', template: 'nope' as never, locale: 'en', vars: {} })).rejects.toThrow();
  });
});
