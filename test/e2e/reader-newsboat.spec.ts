import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGroup, createToken, eventually, signUp, sleep, Stack, startStack, switchModuleOn, User } from './harness';
import { FeedServer, rss } from './fixtures/reader-feeds';

// A real feed reader against the product: newsboat (Debian's package, installed by `make test` with the other real
// clients: infra/dav-tools.sh) as a Google Reader client (its "feedhq" source: ClientLogin, subscription/list, each feed
// read as Atom from reader/atom/feed/…, edit-tag when an article is read) and as an OPML client (`opml-url` with the
// e-mail and a user token in the address). newsboat runs with HOME in a temporary folder; `-x reload` and
// `-x print-unread` need no terminal, reading an article does: newsboat is then driven in a pseudo-terminal (script).


let stack: Stack;
let feeds: FeedServer;
let owner: User;
let db: string;
let token: string;
let readToken: string;

type Json = Record<string, any>;
async function call(method: string, p: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}/${db}${p}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Unread items by subscription, as the web counts them (reader/_view/unread). */
async function webUnread(): Promise<number> {
  const rows = (await call('GET', '/_design/reader/_view/unread')).body.rows as Array<{ value: number }>;
  return rows.reduce((sum, r) => sum + r.value, 0);
}

const dated = (name: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ title: `${name} ${i + 1}`, guid: `${name}-${i + 1}`, link: `https://${name.toLowerCase()}.example/${i + 1}`, date: new Date(Date.UTC(2026, 1, 1) - i * 3_600_000).toUTCString(), description: `Text of ${name} ${i + 1}` }));

/** A newsboat of its own: HOME in a temporary folder with this config. */
function newsboatHome(config: string): { home: string; run(args: string[]): Promise<{ status: number | null; out: string }>; log(): string; close(): void } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'newsboat-'));
  mkdirSync(path.join(home, '.newsboat'));
  writeFileSync(path.join(home, '.newsboat', 'config'), config);
  writeFileSync(path.join(home, '.newsboat', 'urls'), '');
  const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', TERM: 'xterm' };
  return {
    home,
    // asynchronously: the gateway it talks to answers from this process (spawnSync would stop it answering)
    run(args) {
      // its log (level 6: the requests it makes) is shown when a test fails
      const child = spawn('newsboat', ['-l', '6', '-d', path.join(home, 'newsboat.log'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (out += b.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      return new Promise((resolve) =>
        child.on('close', (status) => {
          clearTimeout(timer);
          resolve({ status, out });
        }),
      );
    },
    log: () => {
      try {
        return readFileSync(path.join(home, 'newsboat.log'), 'utf8').slice(-4000);
      } catch {
        return '(no log)';
      }
    },
    close: () => rmSync(home, { recursive: true, force: true }),
  };
}

/**
 * newsboat in a pseudo-terminal (script), given keys as a person would: each step's keys once the screen shows its
 * text (`[text seen, keys]`). Ends with q-presses and waits for it to exit; answers what the screen showed.
 */
async function drive(home: string, steps: Array<[RegExp, string]>): Promise<string> {
  const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', TERM: 'xterm' };
  const child = spawn('script', ['-qfec', 'stty cols 120 rows 40; newsboat', '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  child.stdout.on('data', (b: Buffer) => (screen += b.toString()));
  child.stderr.on('data', (b: Buffer) => (screen += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (const [seen, keys] of steps) {
    const from = screen.length;
    await eventually(async () => screen.slice(from === 0 ? 0 : from - 1), (s) => seen.test(s), 20_000).catch(() => {
      throw new Error(`newsboat never showed ${seen}; its screen:\n${screen.slice(-3000)}`);
    });
    await sleep(300);
    child.stdin.write(keys);
  }
  await sleep(1000);
  for (let i = 0; i < 6; i++) {
    child.stdin.write('q');
    await sleep(300);
  }
  const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout')]);
  if (code === 'timeout') child.kill('SIGKILL');
  return screen;
}

beforeAll(async () => {
  for (const tool of ['newsboat', 'script']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) throw new Error(`${tool} is not installed: bash infra/dav-tools.sh installs newsboat (script is in bsdutils)`);
  }
  feeds = await new FeedServer().start();
  stack = await startStack('reader_newsboat', { READER_ALLOW_PRIVATE_URLS: '1' });
  owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Newsboat shop')).id;
  await switchModuleOn(owner, db);
  token = await createToken(owner);
  readToken = await createToken(owner, ['read']);
  feeds.feed('/alpha.xml', () => rss('Alpha', dated('Alpha', 25)));
  feeds.feed('/beta.xml', () => rss('Beta', dated('Beta', 4)));
  const label = (await call('POST', '', { klass: 'ReaderLabel', name: 'Tech' })).body.doc;
  for (const [p, extra] of [['/alpha.xml', { reader_label_id: label._id }], ['/beta.xml', {}]] as const) {
    const r = await call('POST', '', { klass: 'ReaderSubscription', url: `${feeds.url}${p}`, ...extra });
    expect([r.status, r.body.reason]).toEqual([201, undefined]);
    await eventually(async () => (await call('GET', `/${r.body.id}`)).body, (s) => !!s.checked_at);
  }
  // two read in the web already
  const some = (await call('POST', '/_find', { selector: { klass: 'ReaderItem' }, sort: [{ point_at: 'desc' }], limit: 2, fields: ['_id'] })).body.docs as Json[];
  for (const item of some) expect((await call('PUT', `/_design/status/_update/read/${item._id}`)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await feeds?.close();
});

describe('newsboat as a Google Reader (FeedHQ) client (issue 26 #1)', () => {
  it('shows every article with the unread count the web shows, and an article read in newsboat is read in the web', async () => {
    expect(await webUnread()).toBe(27);
    const nb = newsboatHome(
      [
        'urls-source "feedhq"',
        `feedhq-url "${stack.url}/greader/${db}"`,
        `feedhq-login "${owner.email}"`,
        `feedhq-password "${token}"`,
        'feedhq-show-special-feeds no',
        'show-read-feeds yes',
        'confirm-exit no',
        '',
      ].join('\n'),
    );
    try {
      const reload = await nb.run(['-x', 'reload']);
      expect([reload.status, reload.out, reload.status ? nb.log() : '']).toEqual([0, '', '']);
      const unread = await nb.run(['-x', 'print-unread']);
      expect(unread.out.trim()).toBe('27 unread articles');
      // open the first feed's first article, which marks it read (newsboat sends edit-tag), and leave
      const screen = await drive(nb.home, [
        [/Alpha/, '\r'], // the feed list: the first feed opened
        [/(Alpha|Beta) \d+/, '\r'], // its articles: the first opened, which reads it
        [/Text of (Alpha|Beta) \d+/, ''], // the article shown
      ]);
      await eventually(webUnread, (n) => n === 26, 15_000).catch(() => {
        throw new Error(`the web still counts ${27} unread; newsboat showed:\n${screen.slice(-3000)}`);
      });
      expect((await nb.run(['-x', 'print-unread'])).out.trim()).toBe('26 unread articles');
    } finally {
      nb.close();
    }
  }, 120_000);
});

describe('newsboat as an OPML client (issue 26 #2)', () => {
  it('reads the subscriptions from the OPML address with the e-mail and a read token in it, and fetches their feeds', async () => {
    const at = new URL(`${stack.url}/greader/${db}/subscriptions.opml`);
    at.username = encodeURIComponent(owner.email);
    at.password = readToken;
    const nb = newsboatHome(['urls-source "opml"', `opml-url "${at.href}"`, ''].join('\n'));
    try {
      const reload = await nb.run(['-x', 'reload']);
      expect([reload.status, reload.out, reload.status ? nb.log() : '']).toEqual([0, '', '']);
      // the feeds themselves, straight from their sites: 25 + 4 articles, none read yet by this newsboat
      expect((await nb.run(['-x', 'print-unread'])).out.trim()).toBe('29 unread articles');
      expect(feeds.seen('/alpha.xml').length).toBeGreaterThanOrEqual(2);
    } finally {
      nb.close();
    }
  }, 60_000);
});
