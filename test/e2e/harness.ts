import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtemp, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { Pool } from 'pg';
import { createMicroservice, loadConfig, MailWorker, startMailWorker } from '@app/platform';
import { SmtpSink, SunkMail } from '@app/platform/mail/testing/smtp-sink';
import { Browser } from '../../gateway/src/testing/http-client';
import { eventually, sleep } from '@app/platform/testing/eventually';

export { Browser, cookieAttributes } from '../../gateway/src/testing/http-client';
export type { HttpResult } from '../../gateway/src/testing/http-client';

// The product as a user meets it: the identity, accounts, tickets, finance, disk, reader and notes microservices (with the mail worker) on the real NATS,
// Postgres and Redis, the gateway on a random port in front of them, and an SMTP sink that keeps every mail. Tests
// speak HTTP only (Node's fetch), except for back-dating a user to test the 30-day rule.
//
// Each spec file gets its own prefix (`<run>_e2e_<name>`): NATS subjects and queue groups, the JetStream change stream
// and its consumer, Redis keys and the BullMQ mail queue are then its own, so spec files running in parallel never
// answer each other. The prefix must be set before the services' controllers are loaded (their subjects are fixed
// when their decorators run), hence the lazy imports.

export interface Stack {
  url: string;
  sink: SmtpSink;
  /** a new browser (own cookie jar) */
  browser(): Browser;
  /** for back-dating a user in tests of time rules */
  pool: Pool;
  /** the gateway itself, for the few tests that look inside it */
  gateway: NestFastifyApplication;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://app.test';

export async function startStack(name: string, env: Record<string, string> = {}): Promise<Stack> {
  const sink = new SmtpSink();
  Object.assign(process.env, {
    APP_PREFIX: `${process.env.TEST_RUN_ID ?? 'local'}_e2e_${name}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(await sink.start()),
    PUBLIC_URL,
    APP_VERSION: '0.0.0-e2e',
    // every browser of a test run is 127.0.0.1: the per-IP limits would make tests meet (the per-e-mail ones stay)
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
    ...env,
  });

  const started: Array<() => Promise<unknown>> = [() => sink.stop()];
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  try {
    const { IdentityModule } = await import('../../services/identity/src/identity.module');
    const identity: INestMicroservice = await createMicroservice(IdentityModule, 'identity');
    started.push(() => identity.close());
    const { AccountsModule } = await import('../../services/accounts/src/accounts.module');
    const accounts: INestMicroservice = await createMicroservice(AccountsModule, 'accounts');
    started.push(() => accounts.close());
    const { TicketsModule } = await import('../../services/tickets/src/tickets.module');
    const tickets: INestMicroservice = await createMicroservice(TicketsModule, 'tickets');
    started.push(() => tickets.close());
    const { FinanceModule } = await import('../../services/finance/src/finance.module');
    const finance: INestMicroservice = await createMicroservice(FinanceModule, 'finance');
    started.push(() => finance.close());
    const { ReaderModule } = await import('../../services/reader/src/reader.module');
    const reader: INestMicroservice = await createMicroservice(ReaderModule, 'reader');
    started.push(() => reader.close());
    const { NotesModule } = await import('../../services/notes/src/notes.module');
    const notes: INestMicroservice = await createMicroservice(NotesModule, 'notes');
    started.push(() => notes.close());
    // the disk keeps its bytes in a folder of its own for this stack, and serves them on a free port
    const diskData = await mkdtemp(path.join(tmpdir(), `disk-${name}-`));
    started.push(() => rm(diskData, { recursive: true, force: true }));
    Object.assign(process.env, { DISK_DATA_DIR: diskData, DISK_HTTP_PORT: '0' });
    const { DiskModule } = await import('../../services/disk/src/disk.module');
    const { DiskHttpServer } = await import('../../services/disk/src/http/disk-http');
    const disk: INestMicroservice = await createMicroservice(DiskModule, 'disk');
    started.push(() => disk.close());
    process.env.DISK_HTTP_URL = `http://127.0.0.1:${disk.get(DiskHttpServer).port}`;
    const config = loadConfig();
    const worker: MailWorker = startMailWorker(config);
    started.push(() => worker.close());
    const pool = new Pool({ connectionString: config.databaseUrl, max: 2 });
    started.push(() => pool.end());
    const { createGateway } = await import('../../gateway/src/gateway');
    const gateway: NestFastifyApplication = await createGateway({ port: 0, host: '127.0.0.1' });
    started.push(() => gateway.close());
    const url = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
    return { url, sink, pool, gateway, browser: () => new Browser(url), close: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

let counter = 0;
/** A fresh address for each test, so tests share the database without meeting. */
export function newEmail(tag = 'e2e'): string {
  return `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The next mail to `to` after the `seen` ones already received (read `seen` from sink.to(to).length before acting). */
export function nextMail(stack: Stack, to: string, seen: number, match: (m: SunkMail) => boolean = () => true): Promise<SunkMail> {
  return stack.sink.waitFor(to, (m) => stack.sink.to(to).indexOf(m) >= seen && match(m));
}

/** The token of a mailed link: `${PUBLIC_URL}/user/confirm/<token>` or `/user/password/<token>`. */
export function linkToken(mail: SunkMail, kind: 'confirm' | 'password'): string {
  const m = new RegExp(`/user/${kind}/([A-Za-z0-9_%.~-]+)`).exec(mail.text);
  if (!m) throw new Error(`no /user/${kind}/ link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}

export const PASSWORD = 'correct horse battery';

export interface User {
  id: string;
  email: string;
  password: string;
  /** signed in (session cookie and XSRF-TOKEN in its jar) */
  browser: Browser;
}

/** Registers through POST /_users, optionally confirms through the mailed link, and signs in. */
export async function signUp(stack: Stack, opts: { confirm?: boolean; locale?: string } = {}): Promise<User> {
  const email = newEmail();
  const browser = stack.browser();
  const reg = await browser.post('/_users', { email, fullname: 'E2E User', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: opts.locale ?? 'en' });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  if (opts.confirm) {
    const mail = await stack.sink.waitFor(email);
    const confirmed = await browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(mail, 'confirm'))}`);
    if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  }
  const login = await browser.post('/_session', { username: email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  return { id: reg.body._id, email, password: PASSWORD, browser };
}

/** Sets a date field of a stored user `hoursAgo` hours back (the 30-day rule), in identity's table. */
export async function backdate(stack: Stack, userId: string, field: string, hoursAgo: number): Promise<void> {
  const when = new Date(Date.now() - hoursAgo * 3600 * 1000).toISOString();
  const res = await stack.pool.query(
    `UPDATE identity.documents SET body = jsonb_set(body, $1::text[], to_jsonb($2::text)) WHERE account_id = '_users' AND id = $3`,
    [[field], when, userId],
  );
  if (res.rowCount !== 1) throw new Error(`no user ${userId}`);
}

export { eventually, sleep };

/** A bearer user token of `owner` (POST /{user_id} with klass UserToken): its secret. */
export async function createToken(owner: User, permissions: string[] = ['read', 'write']): Promise<string> {
  const res = await owner.browser.post(`/${owner.id}`, { klass: 'UserToken', description: 'e2e', permissions });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.doc.token as string;
}

/**
 * Switches a module on for a group (its AccountConfiguration flag set to true), as its administrator does on the admin
 * page: the reader (exoreader) is off by default, and a module switched off refuses its API (issue 26 #5).
 */
export async function switchModuleOn(owner: User, group: string, flag: 'budget' | 'rdisk' | 'textnotes' | 'exoreader' = 'exoreader'): Promise<void> {
  const found = await owner.browser.post(`/${group}/_find`, { selector: { klass: 'AccountConfiguration', key: flag }, limit: 1 });
  if (found.status !== 200) throw new Error(`settings of ${group}: ${found.status} ${found.text}`);
  const doc = found.body.docs[0] as { _id: string; _rev: string; value: unknown } | undefined;
  const res = doc ? await owner.browser.put(`/${group}/${doc._id}?rev=${doc._rev}`, { value: true }) : await owner.browser.post(`/${group}`, { klass: 'AccountConfiguration', key: flag, value: true });
  if (res.status !== 200 && res.status !== 201) throw new Error(`switching ${flag} on in ${group}: ${res.status} ${res.text}`);
}

/** POST /accounts: a new group of `owner`; its id and the creator's membership id. */
export async function createGroup(owner: User, name: string): Promise<{ id: string; subscription_id: string }> {
  const res = await owner.browser.post('/accounts', { name });
  if (res.status !== 201) throw new Error(`group: ${res.status} ${res.text}`);
  return { id: res.body.id, subscription_id: res.body.subscription_id };
}
