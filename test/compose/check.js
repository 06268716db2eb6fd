// The HTTP half of `make compose-test` (infra/compose-test.sh starts the containers, this talks to them):
//
//   node test/compose/check.js smoke      a user's first steps through the gateway of the running stack
//   node test/compose/check.js failover   two tickets copies: one is killed (SIGKILL to its process, a crash as
//                                         Docker sees it) under a steady write load; Docker's restart policy must
//                                         bring it back, the other copy must keep answering, and every write that
//                                         was acknowledged must read back afterwards
//
// Environment: GATEWAY_URL and MAIL_URL (the published ports on 127.0.0.1), COMPOSE_PROJECT_NAME (to find the
// containers), STATE_FILE (the smoke leaves its signed-in user and group there for the failover). Only 127.0.0.1 is
// ever called; every loop is bounded in count and time. Prints one line per step with its figures; exits 1 on the
// first failure.
'use strict';
const { execFileSync } = require('child_process');
const { readFileSync, writeFileSync } = require('fs');
const { gunzipSync } = require('zlib');

const GATEWAY = process.env.GATEWAY_URL;
const MAIL = process.env.MAIL_URL;
const PROJECT = process.env.COMPOSE_PROJECT_NAME;
const STATE_FILE = process.env.STATE_FILE;
for (const [k, v] of Object.entries({ GATEWAY_URL: GATEWAY, MAIL_URL: MAIL, COMPOSE_PROJECT_NAME: PROJECT, STATE_FILE })) {
  if (!v) throw new Error(`${k} is not set (infra/compose-test.sh sets it)`);
}
for (const u of [GATEWAY, MAIL]) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(u)) throw new Error(`${u}: this test only calls 127.0.0.1`);
}

const PASSWORD = 'correct horse battery';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('  ', ...a);
function check(ok, what) {
  if (!ok) throw new Error(what);
}

/** A browser: a cookie jar and the XSRF header the web app sends; JSON in and out. */
class Browser {
  constructor() {
    this.cookies = new Map();
  }
  async request(method, path, { body, raw, headers = {}, timeoutMs = 30_000 } = {}) {
    const h = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.cookies.has('XSRF-TOKEN')) h['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN');
    let payload = raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const res = await fetch(GATEWAY + path, { method, headers: h, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    let parsed;
    try {
      parsed = bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, bytes, text: bytes.toString('utf8') };
  }
  get(path, opts) {
    return this.request('GET', path, opts);
  }
  post(path, body, opts) {
    return this.request('POST', path, { ...opts, body });
  }
  put(path, body, opts) {
    return this.request('PUT', path, { ...opts, body });
  }
}

async function until(what, probe, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

async function step(name, fn) {
  const t0 = Date.now();
  const detail = await fn();
  log(`ok  ${name} (${Date.now() - t0} ms)${detail ? `: ${detail}` : ''}`);
}

// ---- smoke -----------------------------------------------------------------------------------------------------

async function smoke() {
  const b = new Browser();
  const email = `compose-${Date.now().toString(36)}@example.com`;
  const s = { email };

  await step('GET / answers the version', async () => {
    const r = await b.get('/');
    check(r.status === 200 && r.headers.get('x-app-version'), `GET /: ${r.status} ${r.text}`);
    return `x-app-version ${r.headers.get('x-app-version')}`;
  });
  await step('register', async () => {
    const r = await b.post('/_users', { email, fullname: 'Compose Test', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
    check(r.status === 201, `register: ${r.status} ${r.text}`);
    s.userId = r.body._id;
    return s.userId;
  });
  await step('confirm through the mail sink', async () => {
    // MailDev's JSON list of mails (GET /email in MailDev 2)
    const mail = await until(
      'the confirmation mail in the sink',
      async () => {
        const r = await fetch(`${MAIL}/email`, { signal: AbortSignal.timeout(5000) });
        const mails = await r.json();
        return mails.find((m) => (m.to || []).some((t) => t.address === email));
      },
      60_000,
      500,
    );
    const token = /\/user\/confirm\/([A-Za-z0-9_%.~-]+)/.exec(mail.text || mail.html || '')?.[1];
    check(token, `no confirmation link in: ${mail.text}`);
    const r = await b.post(`/_users/_confirm/${token}`);
    check(r.status === 200, `confirm: ${r.status} ${r.text}`);
    const login = await b.post('/_session', { username: email, password: PASSWORD });
    check(login.status === 200, `login: ${login.status} ${login.text}`);
    const me = await b.get('/_session');
    check(me.body?.confirmed === true, `not confirmed: ${me.text}`);
    return `"${mail.subject}", signed in`;
  });
  await step('a group', async () => {
    const r = await b.post('/accounts', { name: 'Compose Repairs' });
    check(r.status === 201, `group: ${r.status} ${r.text}`);
    s.acc = r.body.id;
    return s.acc;
  });
  await step('a ticket', async () => {
    const r = await b.post(`/${s.acc}`, { klass: 'Ticket', content: 'Does not power on\nAfter a fall', priority: 'high' });
    check(r.status === 201, `ticket: ${r.status} ${r.text}`);
    const t = await b.get(`/${s.acc}/${r.body.id}`);
    check(t.status === 200 && t.body.number >= 1 && t.body.title === 'Does not power on', `ticket read: ${t.status} ${t.text}`);
    return `#${t.body.number} "${t.body.title}"`;
  });
  const bytes = Buffer.from(`compose smoke ${new Date().toISOString()}\n`.repeat(100));
  await step('WebDAV PUT and GET', async () => {
    const tok = await b.post(`/${s.userId}`, { klass: 'UserToken', description: 'compose test', permissions: ['read', 'write'] });
    check(tok.status === 201 && tok.body.doc?.token, `user token: ${tok.status} ${tok.text}`);
    s.token = tok.body.doc.token;
    const auth = { authorization: `Basic ${Buffer.from(`${email}:${s.token}`).toString('base64')}` };
    const put = await fetch(`${GATEWAY}/dav/${s.acc}/smoke.txt`, { method: 'PUT', headers: auth, body: bytes, signal: AbortSignal.timeout(30_000) });
    check(put.status === 201, `PUT /dav: ${put.status} ${await put.text()}`);
    const got = await fetch(`${GATEWAY}/dav/${s.acc}/smoke.txt`, { headers: auth, signal: AbortSignal.timeout(30_000) });
    const back = Buffer.from(await got.arrayBuffer());
    check(got.status === 200 && back.equals(bytes), `GET /dav: ${got.status}, ${back.length} bytes`);
    return `${bytes.length} bytes back as written`;
  });
  await step('OPML import', async () => {
    // feeds on this container's own loopback: the reader refuses private addresses, so nothing is fetched anywhere
    const opml = `<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>Mine</title></head><body>
      <outline text="Tech" title="Tech"><outline type="rss" text="A" xmlUrl="http://127.0.0.1:9/a.xml"/><outline type="rss" text="B" xmlUrl="http://127.0.0.1:9/b.xml"/></outline>
      <outline type="rss" text="C" xmlUrl="http://127.0.0.1:9/c.xml"/></body></opml>`;
    const r = await b.put(`/${s.acc}/_design/reader/_update/import_opml/opml`, { opml });
    check(r.status === 200 && r.body.doc?.subscriptions_created === 3, `import: ${r.status} ${r.text}`);
    const subs = await b.post(`/${s.acc}/_find`, { selector: { klass: 'ReaderSubscription' }, limit: 10 });
    check(subs.status === 200 && subs.body.docs.length === 3, `subscriptions: ${subs.status} ${subs.text}`);
    return `${JSON.stringify(r.body.doc)}`;
  });
  await step('a backup, made and downloaded', async () => {
    const made = await b.post(`/accounts/${s.acc}/backups`);
    check(made.status === 202, `backup: ${made.status} ${made.text}`);
    const done = await until(
      'the backup done',
      async () => {
        const list = await b.get(`/accounts/${s.acc}/backups`);
        const d = list.body.docs.find((x) => x._id === made.body._id);
        if (d && d.status === 'failed') throw new Error(`backup failed: ${JSON.stringify(d)}`);
        return d && d.status === 'done' ? d : undefined;
      },
      120_000,
      500,
    );
    const dl = await b.get(`/accounts/${s.acc}/backups/${done._id}/download`, { timeoutMs: 60_000 });
    check(dl.status === 200 && dl.bytes[0] === 0x1f && dl.bytes[1] === 0x8b, `download: ${dl.status} ${dl.bytes.length} bytes`);
    // the WebDAV file's bytes are in the archive (tar: the file's content appears as is once gunzipped)
    check(gunzipSync(dl.bytes).includes(bytes), 'the WebDAV file is not in the archive');
    return `${dl.bytes.length} bytes tar.gz, counts ${JSON.stringify(done.counts)}`;
  });
  writeFileSync(STATE_FILE, JSON.stringify({ ...s, cookies: [...b.cookies] }));
}

// ---- failover --------------------------------------------------------------------------------------------------

const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', timeout: 30_000 }).trim();
const containersOf = (service) =>
  docker('ps', '-a', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--filter', `label=com.docker.compose.service=${service}`)
    .split('\n')
    .filter(Boolean);
const inspect = (id) => JSON.parse(docker('inspect', id))[0];

async function failover() {
  const s = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  const b = new Browser();
  for (const [k, v] of s.cookies) b.cookies.set(k, v);

  const copies = containersOf('tickets');
  check(copies.length === 2, `tickets copies: ${copies.length}, want 2`);
  const before = copies.map(inspect);
  for (const c of before) check(c.State.Health?.Status === 'healthy', `${c.Name} is ${c.State.Health?.Status}`);
  check(before.every((c) => c.HostConfig.RestartPolicy.Name === 'unless-stopped'), 'restart policy is not unless-stopped');
  const victim = before[0];
  log(`tickets copies: ${before.map((c) => c.Name.slice(1)).join(', ')}; the one killed: ${victim.Name.slice(1)} (pid ${victim.State.Pid}, restarts ${victim.RestartCount})`);

  // the steady load: 4 writers, a write every ~100 ms each (customers: the tickets service's own documents)
  const acks = [];
  const refused = {};
  let writing = true;
  const hardStop = Date.now() + 180_000;
  let n = 0;
  const writers = [0, 1, 2, 3].map(async (w) => {
    while (writing && Date.now() < hardStop) {
      const i = n++;
      const sentAt = Date.now();
      const r = await b.post(`/${s.acc}`, { klass: 'Customer', name: `Load ${w}-${i}` }, { timeoutMs: 20_000 }).catch((e) => ({ status: 0, text: String(e) }));
      if (r.status === 201) acks.push({ id: r.body.id, name: `Load ${w}-${i}`, sentAt, ackAt: Date.now() });
      else refused[r.status] = (refused[r.status] || 0) + 1;
      await sleep(100);
    }
  });

  let killedAt;
  let restartedAt;
  let healthyAt;
  let listeningAt;
  try {
    await sleep(3000); // the load running before the kill
    const ackedBefore = acks.length;
    killedAt = Date.now();
    // SIGKILL to the container's process from the host: a crash as Docker sees it (`docker kill` would count as a
    // deliberate stop, which `unless-stopped` respects)
    process.kill(victim.State.Pid, 'SIGKILL');
    const back = await until(
      `${victim.Name.slice(1)} started again by its restart policy`,
      async () => {
        const c = inspect(victim.Id);
        return c.RestartCount > victim.RestartCount && c.State.Running ? c : undefined;
      },
      60_000,
      100,
    );
    // when Docker started it again, as seen by this poll (every 100 ms; Docker 20.10 leaves State.StartedAt at the
    // first start): a new Node process needs seconds more before it answers anything, so until then only the other
    // copy can have answered
    restartedAt = Date.now();
    check(back.State.Pid !== victim.State.Pid, 'the same process after the kill');
    await until(`${victim.Name.slice(1)} healthy again`, async () => inspect(victim.Id).State.Health?.Status === 'healthy', 90_000, 250);
    healthyAt = Date.now();
    // when the new process subscribed to NATS (its "listening on NATS" line, timed by Docker): before it, only the
    // other copy could answer a request
    const lines = docker('logs', '--timestamps', '--since', new Date(killedAt).toISOString(), victim.Id);
    const listening = /^(\S+) .*listening on NATS/m.exec(lines);
    listeningAt = listening ? Date.parse(listening[1]) : restartedAt;
    await sleep(3000); // and the load on both copies again
    log(`writes acknowledged before the kill: ${ackedBefore}`);
  } finally {
    writing = false;
    await Promise.all(writers);
  }

  // while the killed copy was away (from the kill until its new process listened on NATS) only the other copy answered
  const duringOutage = acks.filter((a) => a.sentAt > killedAt && a.ackAt < listeningAt);
  const sorted = acks.map((a) => a.ackAt).sort((x, y) => x - y);
  let maxGap = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i] > killedAt) maxGap = Math.max(maxGap, sorted[i] - sorted[i - 1]);
  log(
    `killed at +0 ms; started again by Docker at +${restartedAt - killedAt} ms; listening on NATS at +${listeningAt - killedAt} ms; healthy again at +${healthyAt - killedAt} ms (restart count ${inspect(victim.Id).RestartCount})`,
  );
  log(`writes acknowledged: ${acks.length} in all, ${duringOutage.length} while the killed copy was away; not acknowledged: ${JSON.stringify(refused)}; longest gap between acknowledgements after the kill: ${maxGap} ms`);
  check(duringOutage.length > 0, 'no write was answered while one copy was down');

  // every acknowledged write reads back, with what was written
  const missing = [];
  for (let i = 0; i < acks.length; i += 20) {
    const part = acks.slice(i, i + 20);
    const reads = await Promise.all(part.map((a) => b.get(`/${s.acc}/${a.id}`)));
    reads.forEach((r, j) => {
      if (r.status !== 200 || r.body.name !== part[j].name) missing.push(`${part[j].id}: ${r.status}`);
    });
  }
  check(missing.length === 0, `acknowledged writes missing: ${missing.join(', ')}`);
  log(`every acknowledged write read back (${acks.length})`);
  const after = containersOf('tickets').map(inspect);
  check(after.length === 2 && after.every((c) => c.State.Health?.Status === 'healthy'), 'both copies healthy at the end');
}

const what = process.argv[2];
const run = { smoke, failover }[what];
if (!run) {
  console.error('usage: node test/compose/check.js smoke|failover');
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (e) => {
    console.error(`FAILED (${what}): ${e && e.stack ? e.stack : e}`);
    process.exit(1);
  },
);
