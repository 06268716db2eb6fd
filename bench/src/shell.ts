// bench/shell: the web shell in Debian's Chromium on loopback, against the real stack started from its builds
// (identity, accounts, tickets, the gateway serving frontends/shell/dist and the test remote of test/browser/remote-fixture as
// /modules/hello/). Prints the first-load JavaScript of /user/login (raw and gzip, each JS response body compressed
// with zlib), first paint and first contentful paint of /user/login (performance.getEntriesByType('paint')), and the
// time from the module switch (a client-side navigation to /account/<id>/m/hello) until the remote's heading is in
// the page, with a cold HTTP cache each run. Targets: ≤ 200 kB gzip, first paint ≤ 800 ms, remote ≤ 300 ms.
// Then the five module remotes (frontends/<name>/dist, served as /modules/<name>/), each from a loaded dashboard: the
// JavaScript the switch fetches (gzip: the remote's own files, the shell's lazily loaded ones) and the time until the
// remote's page is in the DOM; and whether any switch loaded a second copy of a shared singleton (a remote's own
// fallback copy from its mf-manifest.json, or the shell's full copy of a tree-shaken library from independent-packages/).
//
// WEB_DIST and FRONTENDS_DIR (as the gateway reads them) serve other builds of the shell and the remotes.
// Needs the builds (`bash test/browser/prepare.sh` builds them all), Chromium at /usr/bin/chromium (CHROMIUM_PATH) and
// PostgreSQL, Redis and NATS on 127.0.0.1. Run: `npm run bench:shell` (env RUNS, default 7).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { benchStack, chromiumFlags, percentile, ROOT, switchModuleOn, waitForServices } from './stack';

const RUNS = Number(process.env.RUNS || 7);
const GATEWAY_PORT = 24000 + Math.floor(Math.random() * 500); // below the ephemeral range (32768+)
const SMTP_PORT = GATEWAY_PORT + 500;
const MODULES_DIR = path.join(ROOT, 'test/browser/remote-fixture/dist');
const HEADING = 'Hello from a federated module';
// the builds served (the gateway's own variables): the shell's dist and the folder of the remotes' workspace builds
const WEB_DIST = process.env.WEB_DIST || path.join(ROOT, 'frontends/shell/dist');
const FRONTENDS_DIR = process.env.FRONTENDS_DIR || path.join(ROOT, 'frontends');
const SERVICES = ['identity', 'accounts', 'tickets', 'disk', 'finance', 'reader', 'notes'];
/** Each module remote and the first screen its switch opens (/account/<id>/<segment>). */
const REMOTES = [
  { name: 'tickets', segment: 'tickets' },
  { name: 'disk', segment: 'disk' },
  { name: 'finance', segment: 'outgos' },
  { name: 'notes', segment: 'handbooks' },
  { name: 'reader', segment: 'reader_items' },
] as const;

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** JS bytes of one cold load of /user/login, and its paint entries. */
async function loginLoad(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; body: Buffer } | null>[] = [];
  page.on('response', (r) => {
    const type = r.headers()['content-type'] ?? '';
    if (r.request().resourceType() === 'script' || /javascript/.test(type)) bodies.push(r.body().then((body) => ({ url: new URL(r.url()).pathname, body }), () => null));
  });
  await page.goto(`${base}/user/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  const files = (await Promise.all(bodies))
    .filter((b): b is { url: string; body: Buffer } => b !== null)
    .map(({ url, body }) => ({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  const raw = files.reduce((n, f) => n + f.raw, 0);
  const gzip = files.reduce((n, f) => n + f.gzip, 0);
  const paints = (await page.evaluate(`performance.getEntriesByType('paint').map((e) => [e.name, e.startTime])`)) as [string, number][];
  const paint = Object.fromEntries(paints) as Record<string, number>;
  await context.close();
  return { files, raw, gzip, fp: paint['first-paint'] ?? NaN, fcp: paint['first-contentful-paint'] ?? NaN };
}

/** One cold switch: the dashboard loaded, then a client-side navigation to the module route until the remote's heading shows. */
async function moduleSwitch(browser: Browser, base: string, storage: Awaited<ReturnType<BrowserContext['storageState']>>, accountId: string, name: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: storage });
  const page = await context.newPage();
  await page.goto(`${base}/account/${accountId}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name }).first().waitFor();
  const elapsed = (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    const seen = () => [...document.querySelectorAll('h1,h2,h3')].some((h) => h.textContent === ${JSON.stringify(HEADING)});
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    history.pushState({}, '', '/account/${accountId}/m/hello');
    dispatchEvent(new PopStateEvent('popstate'));
  })`)) as number;
  await page.getByRole('heading', { name: HEADING }).waitFor({ timeout: 5000 });
  await context.close();
  return elapsed;
}

interface JsFile {
  url: string;
  raw: number;
  gzip: number;
}

/** The JS files a page fetches from the moment `start()` is called (bodies read when the page is done). */
function jsAfter(page: Page) {
  let on = false;
  const bodies: Promise<JsFile | null>[] = [];
  page.on('response', (r) => {
    if (!on) return;
    const type = r.headers()['content-type'] ?? '';
    if (r.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    const url = new URL(r.url()).pathname;
    bodies.push(r.body().then((body) => ({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }), () => null));
  });
  return {
    start: () => (on = true),
    files: async () => (await Promise.all(bodies)).filter((f): f is JsFile => f !== null),
  };
}

/** The files of a remote's own copies of its shared libraries (its fallbacks), from its mf-manifest.json. */
function ownSharedCopies(name: string): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(FRONTENDS_DIR, `${name}/dist/mf-manifest.json`), 'utf8')) as {
    metaData: { publicPath: string };
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const out = new Map<string, string>();
  for (const s of manifest.shared) for (const f of [...s.assets.js.sync, ...s.assets.js.async]) out.set(`${manifest.metaData.publicPath}${f}`, s.name);
  return out;
}

/** One cold switch to a module remote: the dashboard loaded, then a client-side navigation to its first screen. */
async function remoteSwitch(browser: Browser, base: string, storage: Awaited<ReturnType<BrowserContext['storageState']>>, accountId: string, group: string, remote: (typeof REMOTES)[number]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', storageState: storage });
  const page = await context.newPage();
  await page.goto(`${base}/account/${accountId}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: group }).first().waitFor();
  const js = jsAfter(page);
  js.start();
  const elapsed = (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    const seen = () => !!document.querySelector('[data-testid="${remote.name}-module"]');
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    history.pushState({}, '', '/account/${accountId}/${remote.segment}');
    dispatchEvent(new PopStateEvent('popstate'));
  })`)) as number;
  await page.waitForLoadState('networkidle');
  const files = await js.files();
  await context.close();
  return { elapsed, files };
}

async function main() {
  for (const f of [path.join(WEB_DIST, 'index.html'), ...REMOTES.map((r) => path.join(FRONTENDS_DIR, `${r.name}/dist/mf-manifest.json`)), path.join(MODULES_DIR, 'hello/mf-manifest.json'), path.join(ROOT, 'gateway/dist/main.js')]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run bash test/browser/prepare.sh first`);
  }
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const stack = await benchStack({
    GATEWAY_PORT: String(GATEWAY_PORT),
    GATEWAY_HOST: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(SMTP_PORT),
    API_URL: base,
    PUBLIC_URL: base,
    APP_VERSION: '0.0.0-bench',
    MODULES_DIR,
    WEB_DIST,
    FRONTENDS_DIR,
    DISK_DATA_DIR: path.join(os.tmpdir(), `bench-shell-disk-${GATEWAY_PORT}`),
    DISK_HTTP_PORT: String(GATEWAY_PORT + 1000),
    DISK_HTTP_URL: `http://127.0.0.1:${GATEWAY_PORT + 1000}`,
    READER_ALLOW_PRIVATE_URLS: '1',
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
  });
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  let browser: Browser | undefined;
  try {
    const loadAtStart = os.loadavg();
    for (const s of SERVICES) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    for (const s of SERVICES) stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`));
    stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js'));
    // the modules' own services are started for their screens' data; the measured switch needs only the remote's code
    await waitForServices(base, ['identity', 'accounts', 'tickets']);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumFlags() });

    // a signed-in user with a group (over the API, in a context whose cookies the measured contexts start from)
    const setup = await browser.newContext();
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const group = 'Bench Group';
    const reg = await setup.request.post(`${base}/_users`, { data: { email, fullname: 'Bench User', password, password_confirmation: password, accept: true, locale: 'en' } });
    if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
    const login = await setup.request.post(`${base}/_session`, { data: { username: email, password } });
    if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
    const xsrf = (await setup.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const created = await setup.request.post(`${base}/accounts`, { data: { name: group }, headers: { 'x-xsrf-token': decodeURIComponent(xsrf) } });
    if (!created.ok()) throw new Error(`create group: ${created.status()} ${await created.text()}`);
    const accountId = ((await created.json()) as { id: string }).id;
    // the reader is switched off in a new group
    const cookie = (await setup.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await switchModuleOn(base, accountId, { 'content-type': 'application/json', cookie, 'x-xsrf-token': decodeURIComponent(xsrf) });
    const storage = await setup.storageState();
    await setup.close();

    // one warm-up of each (the gateway's first requests, Chromium's own start-up), then RUNS measured cold loads
    await loginLoad(browser, base);
    await moduleSwitch(browser, base, storage, accountId, group);
    const loads = [];
    const switches = [];
    for (let i = 0; i < RUNS; i++) loads.push(await loginLoad(browser, base));
    for (let i = 0; i < RUNS; i++) switches.push(await moduleSwitch(browser, base, storage, accountId, group));

    const first = loads[0];
    const fp = median(loads.map((l) => l.fp));
    const fcp = median(loads.map((l) => l.fcp));
    const remote = median(switches);
    const ok = (v: boolean) => (v ? 'ok' : 'OVER');
    console.log(`bench/shell: Chromium ${browser.version()}, loopback, ${RUNS} cold runs each (median, max)`);
    console.log(`/user/login first-load JS: ${first.files.length} files, ${kB(first.raw)} raw, ${kB(first.gzip)} gzip (target ≤ 200 kB gzip: ${ok(first.gzip <= 200_000)})`);
    for (const f of first.files.slice(0, 6)) console.log(`  ${f.url}: ${kB(f.raw)} raw, ${kB(f.gzip)} gzip`);
    console.log(`/user/login first paint: ${ms(fp)} (max ${ms(Math.max(...loads.map((l) => l.fp)))}); first contentful paint: ${ms(fcp)} (max ${ms(Math.max(...loads.map((l) => l.fcp)))}) (target FP ≤ 800 ms: ${ok(fp <= 800)})`);
    console.log(`module switch → remote heading visible: ${ms(remote)} (min ${ms(Math.min(...switches))}, max ${ms(Math.max(...switches))}) (target ≤ 300 ms: ${ok(remote <= 300)})`);

    // the module remotes: one warm-up switch each, then RUNS cold ones
    console.log(`\nmodule remotes, from a loaded dashboard (${RUNS} cold switches each; JS fetched by the switch, gzip; time until the remote's page is in the DOM, median (min–max))`);
    let copies = 0;
    for (const remote of REMOTES) {
      await remoteSwitch(browser, base, storage, accountId, group, remote);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await remoteSwitch(browser, base, storage, accountId, group, remote));
      const own = ownSharedCopies(remote.name);
      const prefix = `/modules/${remote.name}/`;
      const first = runs[0].files;
      const sum = (fs: JsFile[]) => fs.reduce((n, f) => n + f.gzip, 0);
      const mine = first.filter((f) => f.url.startsWith(prefix));
      const shell = first.filter((f) => !f.url.startsWith(prefix));
      const times = runs.map((r) => r.elapsed);
      console.log(
        `${remote.name.padEnd(8)} ${String(first.length).padStart(2)} files, ${kB(sum(first))} gzip (its own ${mine.length}: ${kB(sum(mine))}; the shell's ${shell.length}: ${kB(sum(shell))}); ` +
          `switch ${ms(median(times))} (${ms(Math.min(...times))}–${ms(Math.max(...times))})`,
      );
      const seconds = new Map<string, number>();
      for (const f of runs.flatMap((r) => r.files)) {
        const lib = own.get(f.url) ?? (f.url.includes('/independent-packages/') ? f.url.split('/')[2] : undefined);
        if (lib) seconds.set(`${f.url} (${lib})`, (seconds.get(`${f.url} (${lib})`) ?? 0) + 1);
      }
      for (const [file, n] of seconds) console.log(`  SECOND COPY: ${remote.name} loaded ${file} in ${n} of ${runs.length} switches`);
      copies += seconds.size;
    }
    console.log(copies ? `${copies} files of a second copy of a shared singleton loaded` : 'no switch loaded a second copy of a shared singleton');
    const loadAtEnd = os.loadavg();
    console.log(`load average (1/5/15 min): ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end (${os.cpus().length} cores)`);
  } finally {
    await browser?.close();
    await new Promise<void>((r) => smtp.close(() => r()));
    await stack.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
