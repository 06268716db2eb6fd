import { execFileSync } from 'child_process';
import { Counter } from 'prom-client';
import { serviceMetrics } from '@app/platform';
import { createGroup, linkToken, newEmail, PASSWORD, signUp, Stack, startStack, User } from './harness';

// Metrics and the job queues' dashboard over HTTP: GET /metrics (the gateway's and every service's registry, scraped
// over NATS) read with a small parser of the Prometheus text format, its protection by METRICS_TOKEN, and
// /admin/queues (bull-board) for the installation's administrators only.

const TOKEN = 'e2e-metrics-token-0123456789abcdef';
const ADMIN = newEmail('install-admin');
const SERVICES = ['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader', 'notes'];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('metrics', { METRICS_TOKEN: TOKEN, INSTALL_ADMINS: `someone@else.test, ${ADMIN.toUpperCase()}` });
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

// --- the Prometheus text exposition format (0.0.4), parsed strictly enough that a malformed scrape fails ---

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*/;

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length) {
    const name = LABEL.exec(rest)?.[0];
    if (!name || rest[name.length] !== '=' || rest[name.length + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let i = name.length + 2;
    let value = '';
    for (; i < rest.length && rest[i] !== '"'; i++) {
      if (rest[i] === '\\') {
        const next = rest[++i];
        value += next === 'n' ? '\n' : next;
      } else value += rest[i];
    }
    if (i >= rest.length) throw new Error(`unterminated label value in: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    labels[name] = value;
    rest = rest.slice(i + 1);
    if (rest.startsWith(',')) rest = rest.slice(1);
    else if (rest.length) throw new Error(`bad label separator in: ${line}`);
  }
  return labels;
}

function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const seenFamilies: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (types.has(meta[2])) throw new Error(`TYPE of ${meta[2]} given twice`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(meta[3])) throw new Error(`bad type: ${line}`);
        types.set(meta[2], meta[3]);
        seenFamilies.push(meta[2]);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad sample: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const close = rest.lastIndexOf('}');
      labels = parseLabels(rest.slice(1, close), line);
      rest = rest.slice(close + 1);
    }
    const value = /^ (\S+)(?: -?\d+)?$/.exec(rest)?.[1];
    if (value === undefined) throw new Error(`bad value: ${line}`);
    const number = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : Number(value);
    if (Number.isNaN(number) && value !== 'NaN') throw new Error(`bad number: ${line}`);
    // a sample belongs to the family declared last (a histogram's _bucket, _sum and _count follow its TYPE)
    const family = seenFamilies[seenFamilies.length - 1];
    if (!family || !(name === family || (types.get(family) === 'histogram' && [`${family}_bucket`, `${family}_sum`, `${family}_count`].includes(name)))) {
      throw new Error(`sample ${name} outside its family (after ${family})`);
    }
    samples.push({ name, labels, value: number });
  }
  return { types, samples };
}

function find(exposition: Exposition, name: string, labels: Record<string, string>): Sample[] {
  return exposition.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

function value(exposition: Exposition, name: string, labels: Record<string, string>): number {
  const found = find(exposition, name, labels);
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0].value;
}

async function scrape(): Promise<Exposition> {
  const res = await stack.browser().get('/metrics', { bearer: TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.text);
}

// --- /metrics ---

it('GET /metrics answers 401 without the metrics token and 403 with another token, in the {error, reason} shape', async () => {
  const none = await stack.browser().get('/metrics');
  expect(none.status).toBe(401);
  expect(none.body).toMatchObject({ error: 'unauthorized' });
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  const wrong = await stack.browser().get('/metrics', { bearer: 'not-the-metrics-token-at-all' });
  expect(wrong.status).toBe(403);
  expect(wrong.body).toMatchObject({ error: 'forbidden' });
  // a user's session is no key to it either
  const user = await signUp(stack);
  expect((await user.browser.get('/metrics')).status).toBe(401);
});

it('the gateway counts requests per route pattern and status: two GET /_up more, two more in its counter', async () => {
  const before = await scrape();
  const route = { service: 'gateway', method: 'GET', route: '/_up', status: '200' };
  const was = find(before, 'http_request_duration_seconds_count', route)[0]?.value ?? 0;
  expect((await stack.browser().get('/_up')).status).toBe(200);
  expect((await stack.browser().get('/_up')).status).toBe(200);
  const after = await scrape();
  expect(value(after, 'http_request_duration_seconds_count', route)).toBe(was + 2);
  expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
  // the fast lane's finds are counted under their pattern too, never under a path with a database's id
  const user = await signUp(stack);
  expect((await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'UserToken' } })).status).toBe(200);
  const third = await scrape();
  expect(value(third, 'http_request_duration_seconds_count', { service: 'gateway', method: 'POST', route: '/:db/_find', status: '200' })).toBeGreaterThanOrEqual(1);
  expect(third.samples.some((s) => s.labels.route?.includes(user.id))).toBe(false);
});

it('every service answers the scrape with its rpc histogram per subject, its pool gauges and its event-loop lag', async () => {
  expect((await stack.browser().get('/_up')).status).toBe(200); // each service answers <service>.health
  const metrics = await scrape();
  expect(metrics.types.get('rpc_handled_seconds')).toBe('histogram');
  for (const service of SERVICES) {
    expect(value(metrics, 'rpc_handled_seconds_count', { service, subject: `${service}.health`, status: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value(metrics, 'pg_pool_connections', { service, pool: 'main', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(find(metrics, 'pg_pool_connections', { service, pool: 'main', state: 'idle' })).toHaveLength(1);
    expect(find(metrics, 'pg_pool_waiting_clients', { service, pool: 'main' })).toHaveLength(1);
    expect(find(metrics, 'nodejs_eventloop_lag_seconds', { service })).toHaveLength(1);
    expect(find(metrics, 'nodejs_heap_size_used_bytes', { service })).toHaveLength(1);
    expect(value(metrics, 'metrics_scrape_answered_copies', { service: 'gateway', target: service })).toBe(1);
    expect(value(metrics, 'metrics_scrape_missing_copies', { service: 'gateway', target: service })).toBe(0);
  }
  expect(find(metrics, 'nodejs_eventloop_lag_seconds', { service: 'gateway' })).toHaveLength(1);
  // the gateway answers scrapes over NATS like a service (its other copies would be in any copy's scrape); its own
  // answer is not repeated beside its registry
  expect(value(metrics, 'metrics_scrape_answered_copies', { service: 'gateway', target: 'gateway' })).toBe(1);
  // the gateway's round trips to each service's health subject
  expect(value(metrics, 'rpc_client_seconds_count', { service: 'gateway', subject: 'tickets.health', outcome: 'reply' })).toBeGreaterThanOrEqual(1);
});

it('the whole scrape passes promtool check metrics (installed by infra/dav-tools.sh; it exited 3 on three gauges named *_total)', async () => {
  const res = await stack.browser().get('/metrics', { bearer: TOKEN });
  expect(res.status).toBe(200);
  const check = () => {
    try {
      return execFileSync('promtool', ['check', 'metrics'], { input: res.text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      throw new Error(`promtool exited ${e.status}: ${e.stdout}${e.stderr}`, { cause: err });
    }
  };
  expect(check()).toBe('');
});

it('a service whose figures pass 1 MB (ordinary traffic grows label values) is scraped whole, and every process lives on', async () => {
  // the scrape's answer once passed NATS's 1 MB message limit: the service's respond threw and the gateway died
  const big = new Counter({ name: 'e2e_big_series', help: 'many label values', labelNames: ['route'], registers: [serviceMetrics('notes', process.env.APP_PREFIX!).registry] });
  for (let i = 0; i < 12_000; i++) big.inc({ route: `/r/${i}/${'x'.repeat(100)}` });
  const metrics = await scrape();
  expect(find(metrics, 'e2e_big_series', { service: 'notes' })).toHaveLength(12_000);
  expect(value(metrics, 'metrics_scrape_missing_copies', { service: 'gateway', target: 'notes' })).toBe(0);
  expect(value(metrics, 'process_unhandled_rejections', { service: 'gateway' })).toBe(0);
  expect((await stack.browser().get('/_up')).status).toBe(200);
});

it("a service's own round trips to another service are counted in its registry: tickets asking accounts about a technician", async () => {
  const owner = await signUp(stack, { confirm: true });
  const group = await createGroup(owner, 'Metrics shop');
  const labels = { service: 'tickets', subject: 'accounts.membership.resolve', outcome: 'reply' };
  const was = find(await scrape(), 'rpc_client_seconds_count', labels)[0]?.value ?? 0;
  const ticket = await owner.browser.post(`/${group.id}`, { klass: 'Ticket', content: 'Screen flickers', technical_id: owner.id });
  expect(ticket.status).toBe(201);
  const after = await scrape();
  expect(value(after, 'rpc_client_seconds_count', labels)).toBe(was + 1);
  expect(value(after, 'rpc_handled_seconds_count', { service: 'accounts', subject: 'accounts.membership.resolve', status: 'ok' })).toBeGreaterThanOrEqual(1);
  expect(value(after, 'rpc_handled_seconds_count', { service: 'tickets', subject: 'tickets.doc.post', status: 'ok' })).toBeGreaterThanOrEqual(1);
});

it('the gateway reports the depth of the job queues by state, the mail queue among them', async () => {
  const metrics = await scrape();
  expect(metrics.types.get('bullmq_queue_jobs')).toBe('gauge');
  for (const state of ['waiting', 'active', 'delayed', 'failed']) {
    expect(find(metrics, 'bullmq_queue_jobs', { service: 'gateway', queue: 'mail', state })).toHaveLength(1);
  }
  for (const queue of ['reader-fetch', 'csv-import', 'bookmark-fetch', 'backups', 'weekly-summaries', 'free-limit-notices']) expect(find(metrics, 'bullmq_queue_jobs', { queue, state: 'waiting' })).toHaveLength(1);
});

it('GET /_up keeps its answer: status, version and one check per service', async () => {
  const res = await stack.browser().get('/_up');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok', version: '0.0.0-e2e', checks: { redis: 'ok', identity: 'ok', accounts: 'ok', tickets: 'ok', disk: 'ok', finance: 'ok', reader: 'ok', notes: 'ok' }, redis: expect.objectContaining({ persistence: expect.any(String) }) });
});

// --- /admin/queues ---

/** Registers `email`, confirms it through the mailed link and signs in (signUp with a chosen address). */
async function signUpAs(email: string): Promise<User> {
  const browser = stack.browser();
  const reg = await browser.post('/_users', { email, fullname: 'Installation Admin', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
  expect(reg.status).toBe(201);
  const confirmed = await browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(await stack.sink.waitFor(email), 'confirm'))}`);
  expect(confirmed.status).toBe(200);
  expect((await browser.post('/_session', { username: email, password: PASSWORD })).status).toBe(200);
  return { id: reg.body._id, email, password: PASSWORD, browser };
}

it('/admin/queues answers 401 to a visitor and 403 to a signed-in user who is not an installation administrator', async () => {
  const visitor = await stack.browser().get('/admin/queues');
  expect(visitor.status).toBe(401);
  expect(visitor.body).toMatchObject({ error: 'unauthorized' });
  const user = await signUp(stack, { confirm: true });
  for (const path of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/queue/mail']) {
    const res = await user.browser.get(path);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: 'forbidden', reason: expect.any(String) });
  }
});

it('/admin/queues shows an installation administrator the dashboard page and the job queues through its API', async () => {
  const admin = await signUpAs(ADMIN);
  const page = await admin.browser.get('/admin/queues');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.text).toContain('<base href="/admin/queues/"');
  expect(page.text).toContain('ServiceDesk queues');
  const api = await admin.browser.get('/admin/queues/api/queues?activeQueue=mail&page=1&jobsPerPage=10');
  expect(api.status).toBe(200);
  expect((api.body.queues as Array<{ name: string }>).map((q) => q.name).sort()).toEqual(['backups', 'bookmark-fetch', 'csv-import', 'free-limit-notices', 'mail', 'reader-fetch', 'weekly-summaries']);
  // a change to a queue needs the XSRF header like every other write of the session
  const unsafe = await admin.browser.request('PUT', '/admin/queues/api/queues/mail/pause', { xsrf: false });
  expect(unsafe.status).toBe(403);
  expect(unsafe.body).toMatchObject({ error: 'forbidden', reason: 'Invalid or missing XSRF token' });
});
