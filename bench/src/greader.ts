// bench/greader: the Google Reader API's batch calls through the gateway, as a sync client makes them:
// `stream/items/contents` with 1,000 item ids (a POST of `i=` repeated, the decimal form) and `stream/contents?n=1000`
// on a folder, at CONCURRENCY (4) clients for SECONDS (10) each; then `edit-tag` of 1,000 ids (read, then
// unread again: each call changes all of them), one at a time, ROUNDS (20) times. Twice: on ITEMS (5,000) small items
// (about 1 kB of HTML, as bench/reader-items writes them) and on BIG_ITEMS (2,000) full-text items of 28 kB (a page
// of 1,000 is a 28 MB answer: it crosses the bus in parts). Target (issue 24): fast; the p99 goes in
// docs/benchmarks.md. Not a test.
//
// The subscriptions are made through the gateway (an OPML import); the items are written straight into the reader's
// table in the fetcher's shape, then analysed as a settled database is. The fetcher is off (READER_FETCHER=off).
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1; its own database and
// APP_PREFIX, removed at the end. Run: `npx tsc -b proto services/platform services/identity services/accounts
// services/reader gateway bench && node bench/dist/greader.js` (env ITEMS, BIG_ITEMS, CONCURRENCY, SECONDS, ROUNDS).
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { cpuSnapshot, load, LoadResult } from './load';
import { gatewayBench, percentile, ROOT, signedInGroup, switchModuleOn, waitUntil } from './stack';

const ITEMS = Number(process.env.ITEMS || 5000);
const BIG_ITEMS = Number(process.env.BIG_ITEMS || 2000);
const BIG_BYTES = 28_000;
const FEEDS = 10;
const CONCURRENCY = Number(process.env.CONCURRENCY || 4);
const SECONDS = Number(process.env.SECONDS || 10);
const ROUNDS = Number(process.env.ROUNDS || 20);
const BATCH = 1000;
const GATEWAY_PORT = 28500 + Math.floor(Math.random() * 400);
const SMTP_PORT = GATEWAY_PORT + 400;

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** `count` unread items of about `bytes` of HTML each over `subs`, as the fetcher stores them, 2,000 rows a statement. */
async function seed(pg: Client, account: string, subs: Array<{ id: string; title: string }>, count: number, bytes: number): Promise<void> {
  const end = Date.UTC(2026, 10, 1);
  const now = new Date().toISOString();
  const paragraph = `<p>${LOREM.repeat(6)}</p>`;
  const body = paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)));
  for (let start = 0; start < count; start += 2000) {
    const ids: string[] = [];
    const revs: string[] = [];
    const bodies: string[] = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const sub = subs[i % subs.length];
      const id = `rit-${crypto.randomBytes(10).toString('hex')}`;
      const fields = {
        _id: id,
        klass: 'ReaderItem',
        title: `Entry ${i}: ${LOREM.slice(0, 50)}`,
        url: `https://site${i % subs.length}.example/posts/${i}`,
        content: `${body}<p><a href="https://site${i % subs.length}.example/posts/${i}/more" target="_blank" rel="noopener noreferrer">Read more</a></p>`,
        content_type: 'html',
        summary: LOREM.slice(0, 200),
        point_at: new Date(end - i * 60_000).toISOString(),
        read: false,
        starred: false,
        reader_subscription_id: sub.id,
        reader_subscription: { _id: sub.id, title: sub.title, label: null },
        dedupe_key: `g:entry-${i}`,
        created_at: now,
        updated_at: now,
        created_by: null,
      };
      const rev = `1-${crypto.createHash('md5').update(JSON.stringify(fields)).digest('hex')}`;
      ids.push(id);
      revs.push(rev);
      bodies.push(JSON.stringify({ ...fields, _rev: rev }));
    }
    await pg.query(
      `INSERT INTO reader.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
       SELECT $1, id, 'ReaderItem', rev, false, body, now(), now(), octet_length(body::text) FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS t(id, rev, body)`,
      [account, ids, revs, bodies],
    );
  }
}

interface Case {
  name: string;
  result: LoadResult;
  bytes: number;
  cpu: string;
}

async function main() {
  const bench = await gatewayBench(GATEWAY_PORT, SMTP_PORT, { READER_FETCHER: 'off' });
  const { stack, base } = bench;
  const pg = new Client({ connectionString: stack.dbUrl });
  try {
    const services = ['identity', 'accounts', 'reader'];
    for (const s of services) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number> = {};
    for (const s of services) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid!;
    pids.gateway = stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js')).pid!;
    await waitUntil('gateway', async () => ((await fetch(`${base}/`).catch(() => null))?.ok ? true : undefined));
    await pg.connect();

    const { userId, account, headers } = await signedInGroup(base, stack.run, 'Bench greader small');
    await switchModuleOn(base, account, headers);
    const send = async (method: string, pathname: string, body?: unknown) => {
      const r = await waitUntil(`${method} ${pathname}`, async () => {
        const res = await fetch(`${base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return res.status === 503 ? undefined : res;
      });
      if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`);
      return (await r.json()) as { id?: string; doc?: Record<string, unknown>; docs: Array<Record<string, unknown>> };
    };
    const token = String((await send('POST', `/${userId}`, { klass: 'UserToken', description: 'bench', permissions: ['read', 'write'] })).doc?.token);

    // two folders (labels) of FEEDS feeds: small items in one, full-text items in the other
    const folder = (name: string, from: number) =>
      `<outline text="${name}">${Array.from({ length: FEEDS }, (_, i) => `<outline type="rss" text="Feed ${from + i}" xmlUrl="https://site${from + i}.example/feed.xml"/>`).join('')}</outline>`;
    await send('PUT', `/${account}/_design/reader/_update/import_opml/opml`, { opml: `<opml version="2.0"><body>${folder('Small', 0)}${folder('FullText', FEEDS)}</body></opml>` });
    const subs = (await send('POST', `/${account}/_find`, { selector: { klass: 'ReaderSubscription' }, limit: 100 })).docs as unknown as Array<{ _id: string; title: string; url: string }>;
    const inFolder = (from: number) =>
      subs.filter((s) => Number(/site([0-9]+)\./.exec(s.url)?.[1]) >= from && Number(/site([0-9]+)\./.exec(s.url)?.[1]) < from + FEEDS).map((s) => ({ id: s._id, title: s.title }));
    const t0 = performance.now();
    await seed(pg, account, inFolder(0), ITEMS, 1000);
    await seed(pg, account, inFolder(FEEDS), BIG_ITEMS, BIG_BYTES);
    await pg.query('ANALYZE reader.documents');
    const seeded = (performance.now() - t0) / 1000;

    const auth = { authorization: `GoogleLogin auth=${token}` };
    const greader = (group: string, p: string) => `${base}/greader/${group}/reader/api/0/${p}`;
    const cases: Case[] = [];
    const edits: Array<{ name: string; p50: number; p99: number; max: number }> = [];
    const group = account;
    for (const [stream, label] of [
      ['user/-/label/Small', `${ITEMS} items of ~1 kB`],
      ['user/-/label/FullText', `${BIG_ITEMS} items of ~28 kB`],
    ] as const) {
      const refs = await fetch(greader(group, `stream/items/ids?s=${stream}&n=${BATCH}`), { headers: auth });
      const ids = ((await refs.json()) as { itemRefs: Array<{ id: string }> }).itemRefs.map((r) => r.id);
      if (ids.length !== BATCH) throw new Error(`stream/items/ids answered ${ids.length} ids`);
      const form = ids.map((i) => `i=${i}`).join('&');
      const formHeaders = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
      const check = await fetch(greader(group, 'stream/items/contents'), { method: 'POST', headers: formHeaders, body: form });
      const checked = (await check.json()) as { items?: unknown[] };
      if (checked.items?.length !== BATCH) throw new Error(`stream/items/contents answered ${check.status} with ${checked.items?.length} items`);
      const page = await fetch(greader(group, `stream/contents/${stream}?n=${BATCH}`), { headers: auth });
      const pageText = await page.text();
      if ((JSON.parse(pageText) as { items: unknown[] }).items.length !== BATCH) throw new Error('stream/contents did not answer 1,000 items');
      const contentsBytes = (await fetch(greader(group, 'stream/items/contents'), { method: 'POST', headers: formHeaders, body: form }).then((r) => r.arrayBuffer())).byteLength;

      const watch = { gateway: [pids.gateway], reader: [pids.reader] };
      const measured: Array<[string, Parameters<typeof load>[0], number]> = [
        [`${label}: stream/items/contents, 1,000 ids`, { url: greader(group, 'stream/items/contents'), method: 'POST', headers: formHeaders, body: form, concurrency: CONCURRENCY, warmupMs: 2000, durationMs: SECONDS * 1000 }, contentsBytes],
        [`${label}: stream/contents?n=1000`, { url: greader(group, `stream/contents/${stream}?n=${BATCH}`), method: 'GET', headers: auth, concurrency: CONCURRENCY, warmupMs: 2000, durationMs: SECONDS * 1000 }, Buffer.byteLength(pageText)],
      ];
      for (const [name, spec, bytes] of measured) {
        const cpu0 = cpuSnapshot(watch);
        const result = await load(spec);
        const cpu1 = cpuSnapshot(watch);
        cases.push({ name, result, bytes, cpu: `CPU: gateway ${(cpu1.gateway - cpu0.gateway).toFixed(1)} s, reader ${(cpu1.reader - cpu0.reader).toFixed(1)} s` });
      }

      // edit-tag of the 1,000 ids, read then unread: each call changes every one of them
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const tag = round % 2 ? 'r' : 'a';
        const started = performance.now();
        const r = await fetch(greader(group, 'edit-tag'), { method: 'POST', headers: formHeaders, body: `${form}&${tag}=user/-/state/com.google/read` });
        if ((await r.text()) !== 'OK') throw new Error(`edit-tag answered ${r.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      edits.push({ name: `${label}: edit-tag of 1,000 ids (every item changes)`, p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] });
    }

    console.log(`\nbench/greader on ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`seeded in ${seeded.toFixed(1)} s; ${CONCURRENCY} clients, ${SECONDS} s each, through the gateway; edit-tag ${ROUNDS} calls one at a time`);
    for (const { name, result: r, bytes, cpu } of cases) {
      console.log(`${name.padEnd(58)} ${r.rps.toFixed(1).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  errors ${r.errors}  answer ${(bytes / 1e6).toFixed(2)} MB  [${cpu}]`);
    }
    for (const e of edits) console.log(`${e.name.padEnd(58)} p50 ${e.p50.toFixed(1)} ms  p99 ${e.p99.toFixed(1)} ms  max ${e.max.toFixed(1)} ms`);
  } finally {
    await pg.end().catch(() => undefined);
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
