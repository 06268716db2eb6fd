// bench/status-page: a ticket's status page for its customer (issue 31, `GET /s/<token>`) in Debian's Chromium on
// loopback, against the real stack started from its builds (identity, accounts, tickets, the gateway). Prints what
// goes over the wire (the HTML, raw and as gzip would send it; the number of requests the page makes) and, on a
// throttled phone profile set through Chromium's DevTools protocol (Playwright's CDP session: Network
// .emulateNetworkConditions with Lighthouse's "slow 4G" — 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up — and Emulation
// .setCPUThrottlingRate 4, a 390×844 touch screen), its first paint and first contentful paint, cold each run. Then the
// server's own time for the page without throttling (sequential GETs). Targets (issue 31): ≤ 30 kB over the wire,
// first paint ≤ 1 s.
//
// Needs the builds (`bash test/browser/prepare.sh`), Chromium at /usr/bin/chromium (CHROMIUM_PATH) and PostgreSQL,
// Redis and NATS on 127.0.0.1. Run: `npx tsc -b bench && node bench/dist/status-page.js` (env RUNS, default 9).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { benchStack, chromiumFlags, gatewayEnv, percentile, ROOT, waitForServices } from './stack';

const RUNS = Number(process.env.RUNS || 9);
const GATEWAY_PORT = 24000 + Math.floor(Math.random() * 500);
const SMTP_PORT = GATEWAY_PORT + 500;
/** Lighthouse's mobile profile ("slow 4G", a mid-range phone's CPU) */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** One cold load of the page on the throttled phone: its paint entries and the requests it made. */
async function phoneLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'pt-BR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests: string[] = [];
  let wire = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    wire += e.encodedDataLength;
  });
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  const started = Date.now();
  const res = await page.goto(url, { waitUntil: 'load' });
  const loaded = Date.now() - started;
  if (res?.status() !== 200) throw new Error(`the page answered ${res?.status()}`);
  // the paint entries come once painted: wait for first-contentful-paint (a text is on screen) before reading them
  await page.waitForFunction(`performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint')`, undefined, { timeout: 10_000 }).catch(() => undefined);
  const paints = (await page.evaluate(`performance.getEntriesByType('paint').map((e) => [e.name, e.startTime])`)) as [string, number][];
  const paint = Object.fromEntries(paints) as Record<string, number>;
  await context.close();
  return { fp: paint['first-paint'] ?? NaN, fcp: paint['first-contentful-paint'] ?? NaN, loaded, requests, wire };
}

async function main() {
  for (const f of ['gateway/dist/main.js', 'services/tickets/dist/main.js']) {
    if (!existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run bash test/browser/prepare.sh first`);
  }
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const stack = await benchStack({
    ...gatewayEnv(GATEWAY_PORT, SMTP_PORT),
    APP_VERSION: '0.0.0-bench',
    STATUS_PAGE_IP_MAX: '100000',
  });
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  let browser: Browser | undefined;
  try {
    for (const s of ['identity', 'accounts', 'tickets']) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    for (const s of ['identity', 'accounts', 'tickets']) stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`));
    stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js'));
    await waitForServices(base, ['identity', 'accounts', 'tickets']);

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumFlags() });

    // a shop with a ticket in repair, its history and a pending estimate of 6 items (over the API)
    const setup = await browser.newContext();
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const reg = await setup.request.post(`${base}/_users`, { data: { email, fullname: 'Bench Owner', password, password_confirmation: password, accept: true, locale: 'pt-BR' } });
    if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
    const login = await setup.request.post(`${base}/_session`, { data: { username: email, password } });
    if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
    const xsrf = decodeURIComponent((await setup.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const headers = { 'x-xsrf-token': xsrf };
    const post = async (url: string, data: unknown) => {
      const res = await setup.request.post(`${base}${url}`, { data, headers });
      if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as { id: string; doc?: { _id: string } };
    };
    const accountId = (await post('/accounts', { name: 'Assistência Técnica Conserta Já' })).id;
    await post(`/${accountId}`, { klass: 'AccountConfiguration', key: 'phones', value: JSON.stringify([{ id: '1', main: true, number: '(11) 98888-7777', description: 'WhatsApp' }, { id: '2', number: '(11) 3333-4444', description: 'loja' }]) });
    await post(`/${accountId}`, { klass: 'AccountConfiguration', key: 'addresses', value: JSON.stringify([{ id: 'a', main: true, street: 'Rua das Flores', number: '123', complement: 'sala 4', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zip_code: '01000-000' }]) });
    const equipment = (await post(`/${accountId}`, { klass: 'Equipment', identifier: 'NB-0042', maker: 'Dell', description: 'Notebook Inspiron 15' })).id;
    const ticket = (await post(`/${accountId}`, { klass: 'Ticket', title: 'Notebook não liga', content: 'Desligou após queda de energia.', equipment_id: equipment })).id;
    for (const status of ['doing', 'block', 'doing', 'review']) {
      const moved = await setup.request.put(`${base}/${accountId}/_design/ticket-status/_update/${status}/${ticket}`, { headers });
      if (!moved.ok()) throw new Error(`status: ${moved.status()}`);
    }
    await post(`/${accountId}`, {
      klass: 'Estimate',
      ticket_id: ticket,
      description: 'Troca da fonte e reparo da placa',
      items: ['Fonte ATX 500W', 'Capacitor 1000 µF', 'Pasta térmica', 'Limpeza interna', 'Mão de obra', 'Teste de bancada'].map((description, i) => ({ description, quantity: i + 1, value: 19.9 * (i + 1) })),
    });
    const link = await setup.request.get(`${base}/${accountId}/tickets/${ticket}/status-link?tz=America/Sao_Paulo`);
    if (!link.ok()) throw new Error(`status link: ${link.status()} ${await link.text()}`);
    const url = ((await link.json()) as { url: string }).url;
    await setup.close();

    // the bytes: the page is one HTML response and loads nothing else
    const html = Buffer.from(await (await fetch(url)).arrayBuffer());
    const gzip = gzipSync(html, { level: 6 }).length;

    // warm-up, then RUNS cold loads on the throttled phone
    await phoneLoad(browser, url);
    const loads = [];
    for (let i = 0; i < RUNS; i++) loads.push(await phoneLoad(browser, url));
    const fp = sorted(loads.map((l) => l.fp));
    const fcp = sorted(loads.map((l) => l.fcp));
    const load = sorted(loads.map((l) => l.loaded));

    // the server's time for the page, sequential, no throttling
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    const server = sorted(times);

    const ok = (v: boolean) => (v ? 'ok' : 'OVER');
    console.log(`bench/status-page: Chromium ${browser.version()}, loopback; phone profile: 390×844 ×3, slow 4G (150 ms RTT, 1.6 Mbit/s down), CPU ×${CPU_SLOWDOWN} slower; ${RUNS} cold loads`);
    console.log(`page: ${html.length} B of HTML raw, ${gzip} B gzip; wire (Chromium's encoded bytes, headers included): ${loads[0].wire} B; requests: ${loads[0].requests.length} (${[...new Set(loads[0].requests)].join(', ')}) (target ≤ 30 kB: ${ok(loads[0].wire <= 30_000)})`);
    console.log(`first paint: median ${ms(percentile(fp, 50))}, max ${ms(fp[fp.length - 1])}; first contentful paint: median ${ms(percentile(fcp, 50))}, max ${ms(fcp[fcp.length - 1])} (target FP ≤ 1 s: ${ok(percentile(fp, 50) <= 1000)})`);
    console.log(`load event: median ${ms(percentile(load, 50))}, max ${ms(load[load.length - 1])}`);
    console.log(`server, 200 sequential GETs: p50 ${percentile(server, 50).toFixed(1)} ms, p99 ${percentile(server, 99).toFixed(1)} ms`);
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
