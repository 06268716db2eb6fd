// bench/shell: the web shell in Debian's Chromium on loopback, against the real stack started from its builds
// (identity, accounts, tickets, the gateway serving frontends/shell/dist and the test remote of test/browser/remote-fixture as
// /modules/hello/). Prints the first-load JavaScript of /user/login (raw and gzip, each JS response body compressed
// with zlib), first paint and first contentful paint of /user/login (performance.getEntriesByType('paint')), and the
// time from the module switch (a client-side navigation to /account/<id>/m/hello) until the remote's heading is in
// the page, with a cold HTTP cache each run. Targets: ≤ 200 kB gzip, first paint ≤ 800 ms, remote ≤ 300 ms.
//
// Needs the builds (`bash test/browser/prepare.sh` builds them all), Chromium at /usr/bin/chromium (CHROMIUM_PATH) and
// PostgreSQL, Redis and NATS on 127.0.0.1. Run: `npm run bench:shell` (env RUNS, default 7).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { benchStack, percentile, ROOT, waitForServices } from './stack';

const RUNS = Number(process.env.RUNS || 7);
const GATEWAY_PORT = 24000 + Math.floor(Math.random() * 500); // below the ephemeral range (32768+)
const SMTP_PORT = GATEWAY_PORT + 500;
const MODULES_DIR = path.join(ROOT, 'test/browser/remote-fixture/dist');
const HEADING = 'Hello from a federated module';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

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

async function main() {
  for (const f of ['frontends/shell/dist/index.html', 'test/browser/remote-fixture/dist/hello/mf-manifest.json', 'gateway/dist/main.js']) {
    if (!existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run bash test/browser/prepare.sh first`);
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
    RL_LOGIN_IP_MAX: '100000',
    RL_MAIL_IP_MAX: '100000',
    RL_REGISTER_IP_MAX: '100000',
  });
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  let browser: Browser | undefined;
  try {
    for (const s of ['identity', 'accounts', 'tickets']) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    for (const s of ['identity', 'accounts', 'tickets']) stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`));
    stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js'));
    await waitForServices(base, ['identity', 'accounts', 'tickets']);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS });

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
