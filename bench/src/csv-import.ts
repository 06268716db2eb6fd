// bench/csv-import: a bank statement of ROWS rows (Windows-1252, semicolons, decimal comma, dd/mm/yyyy) imported into a
// wallet with 5 mapping rules through the real upload path (POST /{account_id}/_imports → Redis → a CsvImport → the
// finance service's BullMQ worker → PostgreSQL), timed from the upload to the import's `done`, with the finance
// process's peak RSS sampled every 100 ms (by phase: reading the file, writing the records, the 3 s after done while
// the change events are published) and what a progress bar polling every 100 ms sees; then the outgos list and a
// description search through the gateway at CONCURRENCY clients. Each against a floor measured in the same run on the
// same data (issue 30), with the load average each side saw (floor.ts: no ratio when they differ a lot): the import
// against PostgreSQL's own COPY of the records it wrote into a table like finance.documents (copy-floor.ts), target
// ≥ 0.5×; the list and the search against the same SQL served by one process (minimal-server.ts, same-sql.ts), target
// p99 ≤ 1.5× its p99. The absolute targets of issue 14 (≥ 20,000 rows/s, ≤ 300 MB RSS, p99 ≤ 50 ms) are printed too.
// Not a test.
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1; its own database and
// APP_PREFIX, removed at the end; psql (the PostgreSQL client) for the COPY. Run: `npm run bench:csv-import` (env ROWS,
// CONCURRENCY, SECONDS).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { copyFloor } from './copy-floor';
import { cpuSecondsOf, cpuSnapshot } from './load';
import { measured, printFloorTable } from './floor';
import { compareUnderLoad, Comparison, printComparisons, startMinimal, startRawChain } from './same-sql';
import { benchStack, databasePids, gatewayEnv, ROOT, settled, waitUntil } from './stack';
import { spawn } from 'node:child_process';

const ROWS = Number(process.env.ROWS || 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 20);
const SECONDS = Number(process.env.SECONDS || 10);
const GATEWAY_PORT = 26000 + Math.floor(Math.random() * 500);
const SMTP_PORT = GATEWAY_PORT + 500;
const MINIMAL_PORT = GATEWAY_PORT + 1000;
/** the klasses the finance service's `_find` passes to the store (its DocumentProtocol's policies, documents.service.ts) */
const FINANCE_KLASSES = ['Wallet', 'Income', 'Outgo', 'Transfer', 'Exchange', 'CsvImport', 'Mapping', 'WalletBalance'];
const SHOPS = ['Padaria Central', 'Posto Shell', 'Uber *Trip', 'Mercado Livre', 'Farmácia São João', 'iFood', 'Aluguel', 'Conta de luz', 'Restaurante', 'Livraria'];

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** The statement: ROWS distinct rows over a year, most of them expenses. */
function statement(rows: number): Buffer {
  const lines = ['Data;Histórico;Valor;Favorecido'];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
    const cents = 100 + ((i * 7919) % 900_000);
    const amount = `${i % 10 === 0 ? '' : '-'}${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
    lines.push(`${day}/${month}/2026;${SHOPS[i % SHOPS.length]} ${i};${amount};Loja ${i % 97}`);
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/**
 * CPU seconds from now until the returned function is called: of the named processes, of this database's PostgreSQL
 * backends (one opened meanwhile counted whole), of this process ('load') and of the machine ('machine': busy time).
 */
function cpuWindow(named: Record<string, number[]>, backends: () => number[]): () => Record<string, number> {
  const start = cpuSnapshot(named);
  const before = new Map(backends().map((p) => [p, cpuSecondsOf(p)]));
  return () => {
    const end = cpuSnapshot(named);
    const out = Object.fromEntries(Object.keys(end).map((k) => [k, end[k] - start[k]]));
    out.postgres = backends().reduce((t, p) => t + cpuSecondsOf(p) - (before.get(p) ?? 0), 0);
    return out;
  };
}

type Phase = 'upload' | 'queued' | 'reading' | 'writing' | 'after done';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const stack = await benchStack(gatewayEnv(GATEWAY_PORT, SMTP_PORT));
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  try {
    const services = ['identity', 'accounts', 'finance'];
    for (const s of services) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number | undefined> = {};
    for (const s of services) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid;
    pids.gateway = stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js')).pid;
    // the gateway's /_up waits for every service it serves (tickets and disk too): ask finance itself instead
    await waitUntil('gateway', async () => ((await fetch(`${base}/`).catch(() => null))?.ok ? true : undefined));

    const json = { 'content-type': 'application/json' };
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const reg = await waitUntil('register', async () => {
      const r = await fetch(`${base}/_users`, { method: 'POST', headers: json, body: JSON.stringify({ email, fullname: 'Bench', password, password_confirmation: password, accept: true }) });
      return r.status === 503 ? undefined : r;
    });
    if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${base}/_session`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
    const headers = { ...json, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
    const post = async (pathname: string, body: unknown) => {
      const r = await waitUntil(`POST ${pathname}`, async () => {
        const res = await fetch(`${base}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) });
        return res.status === 503 ? undefined : res;
      });
      if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`);
      return (await r.json()) as { id: string };
    };
    const account = (await post('/accounts', { name: 'Bench shop' })).id;
    const wallet = (await post(`/${account}`, { klass: 'Wallet', name: 'Conta', currency: 'BRL', start_balance: 0 })).id;
    const rules = [
      { target: 'outgo', field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'uber', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'transporte' },
      { target: 'outgo', field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'padaria', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'comida' },
      { target: 'outgo', field_to_watch: 'third_party', kind_of_watch: 'equals', text_to_match: 'loja 7', field_to_change: 'description', kind_of_change: 'append', text_to_change: '(loja 7)' },
      { target: 'outgo', field_to_watch: 'description', kind_of_watch: 'regex', text_to_match: '^posto [a-z]+', field_to_change: 'categories', kind_of_change: 'append', text_to_change: 'carro' },
      { target: 'income', field_to_watch: 'description', kind_of_watch: 'ends_with', text_to_match: '0', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'receita' },
    ];
    for (const [order, rule] of rules.entries()) await post(`/${account}`, { klass: 'Mapping', order, ...rule });

    const bytes = statement(ROWS);
    // the finance process's RSS, its peak in each phase of the import as its CsvImport tells it (polled every 100 ms)
    let phase: Phase = 'upload';
    const peaks: Record<Phase, number> = { upload: 0, queued: 0, reading: 0, writing: 0, 'after done': 0 };
    const sampler = setInterval(() => (peaks[phase] = Math.max(peaks[phase], rssMb(pids.finance!))), 100);
    const rssBefore = rssMb(pids.finance!);
    // what a progress bar polling every 100 ms would see: each new done_rows and when it came
    const progress: Array<{ ms: number; done: number }> = [];
    let tWriting = 0;
    let tUpload = 0;
    const dbName = stack.dbUrl.replace(/^.*\//, '');
    const importCpu = cpuWindow({ finance: [pids.finance!], accounts: [pids.accounts!], gateway: [pids.gateway!], nats: databasePids(dbName).nats }, () => databasePids(dbName).postgres);
    const t0 = performance.now();
    const imported = await measured(async () => {
      const up = await fetch(`${base}/${account}/_imports`, { method: 'POST', headers: { cookie: headers.cookie, 'x-xsrf-token': xsrf, 'content-type': 'text/csv' }, body: bytes });
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const uploaded = (await up.json()) as { upload_id: string };
      tUpload = performance.now();
      phase = 'queued';
      const started = await post(`/${account}`, { klass: 'CsvImport', upload_id: uploaded.upload_id, wallet_id: wallet, columns: { date: 0, description: 1, value: 2, third_party: 3 } });
      const finished = await waitUntil(
        'import done',
        async () => {
          const r = await fetch(`${base}/${account}/${started.id}`, { headers });
          const doc = (await r.json()) as { status: string; created: number; total_rows: number; done_rows: number; error: unknown };
          if (doc.status === 'running') {
            if (doc.total_rows > 0 && phase !== 'writing') [phase, tWriting] = ['writing', performance.now()];
            else if (doc.total_rows === 0) phase = 'reading';
            if (phase === 'writing' && doc.done_rows !== progress[progress.length - 1]?.done) progress.push({ ms: performance.now(), done: doc.done_rows });
          }
          return doc.status === 'done' || doc.status === 'failed' ? doc : undefined;
        },
        600_000,
        100,
      );
      return { importId: started.id, doc: finished };
    });
    const { importId, doc: done } = imported.value;
    const tDone = performance.now();
    const doneAt = new Date();
    const cpuOfImport = importCpu();
    const seconds = (tDone - t0) / 1000;
    phase = 'after done';
    if (done.status !== 'done') throw new Error(`import failed: ${JSON.stringify(done.error)}`);
    // the change events of the new records are published after the commit: the RSS of that too
    await new Promise((r) => setTimeout(r, 3000));
    clearInterval(sampler);
    const steps = [tWriting, ...progress.map((p) => p.ms), tDone].filter((ms) => ms > 0);
    const longestWait = Math.max(0, ...steps.slice(1).map((ms, i) => ms - steps[i]));

    // what follows a large import (the accounts service taking in 100,000 change events, ANALYZE) runs out before the
    // lists are measured: they are for a group at work, not in the minute after a bulk import
    const quiet = await settled(() => [...Object.values(pids).filter((p): p is number => p !== undefined), ...databasePids(dbName).postgres]);
    // the lists' plans rest on the statistics of the ANALYZE the import runs once done (import-runner.ts), or of
    // autovacuum's when that one failed: both sides of the lists are measured with them
    const pg = new Client({ connectionString: stack.dbUrl });
    await pg.connect();
    const analysed = await waitUntil(
      'finance.documents analysed after the import',
      async () => {
        const { rows } = await pg.query<{ manual: Date | null; auto: Date | null }>(
          `SELECT last_analyze AS manual, last_autoanalyze AS auto FROM pg_stat_user_tables WHERE relid = '"finance"."documents"'::regclass`,
        );
        const { manual, auto } = rows[0];
        if (manual && manual >= doneAt) return `by the import's ANALYZE, ${((manual.getTime() - doneAt.getTime()) / 1000).toFixed(1)} s after done`;
        if (auto && auto >= doneAt) return `by autovacuum (the import's ANALYZE did not finish), ${((auto.getTime() - doneAt.getTime()) / 1000).toFixed(1)} s after done`;
        return undefined;
      },
      300_000,
      500,
    );
    await pg.end();

    // the floor of the import: PostgreSQL's own COPY of the records it wrote (copy-floor.ts says why a fresh table), after
    // the import's aftermath, then once more until the machine is quiet again
    const copy = await measured(() => copyFloor(stack.dbUrl, '"finance"."documents"', `account_id = '${account}' AND body ->> 'import_id' = '${importId}'`));
    const quietAfterCopy = await settled(() => [...Object.values(pids).filter((p): p is number => p !== undefined), ...databasePids(dbName).postgres]);

    // the lists: the product through the gateway, then the same SQL from one process, the same clients, as long
    const minimal = await startMinimal(stack, MINIMAL_PORT, { DB: account, TABLE: '"finance"."documents"', KLASSES: FINANCE_KLASSES });
    const outgo = { selector: { klass: 'Outgo', wallet_id: wallet }, sort: [{ date: 'desc' }], limit: 25 };
    const search = { selector: { klass: 'Outgo', description: { $regex: '(?i)farmácia' } }, sort: [{ date: 'desc' }], limit: 25 };
    const chain = await startRawChain(stack, MINIMAL_PORT + 1, { DB: account, TABLE: '"finance"."documents"', KLASSES: FINANCE_KLASSES, body: JSON.stringify(outgo) });
    const lists: Comparison[] = [];
    for (const [name, body] of [
      ['outgos list (date desc, limit 25)', outgo],
      ['outgos search "farmácia" (limit 25)', search],
    ] as const) {
      const spec = { method: 'POST', bodies: [JSON.stringify(body)], concurrency: CONCURRENCY };
      const backends = () => databasePids(dbName);
      lists.push(
        await compareUnderLoad(
          name,
          {
            spec: { ...spec, url: `${base}/${account}/_find`, headers },
            watch: () => ({ gateway: [pids.gateway!], finance: [pids.finance!], accounts: [pids.accounts!], postgres: backends().postgres, nats: backends().nats }),
          },
          { spec: { ...spec, url: `http://127.0.0.1:${MINIMAL_PORT}/`, headers: { 'content-type': 'application/json' } }, watch: () => ({ minimal: [minimal.pid!], postgres: backends().postgres }) },
          SECONDS,
          chain.side(spec),
        ),
      );
    }
    minimal.kill();
    chain.kill();

    const rate = ROWS / seconds;
    console.log(`\nbench/csv-import on ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`statement: ${ROWS} rows, ${(bytes.length / 1e6).toFixed(1)} MB, 5 mapping rules; ${done.created} records created`);
    console.log(`upload ${(tUpload - t0).toFixed(0)} ms; upload → done ${seconds.toFixed(2)} s = ${rate.toFixed(0)} rows/s (issue 14's ≥ 20,000: ${rate >= 20_000 ? 'met' : 'NOT met'})`);
    const peak = Math.max(...Object.values(peaks));
    console.log(`upload → rows known (reading the file, the rules, the wallet's records) ${tWriting ? ((tWriting - t0) / 1000).toFixed(2) : '?'} s; writing ${tWriting ? ((tDone - tWriting) / 1000).toFixed(2) : '?'} s${tWriting ? ` = ${(done.created / ((tDone - tWriting) / 1000)).toFixed(0)} rows/s` : ''}`);
    console.log(`progress seen by a 100 ms poll while writing: ${progress.length} new done_rows values, longest wait between changes ${longestWait.toFixed(0)} ms`);
    console.log(`finance process RSS: ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (target ≤ 300: ${peak <= 300 ? 'met' : 'NOT met'})`);
    console.log(`  peaks by phase: ${Object.entries(peaks).map(([k, v]) => `${k} ${v.toFixed(0)} MB`).join(', ')}`);
    console.log(`after done, the services and PostgreSQL were busy ${quiet.toFixed(1)} s more (change events, ANALYZE) before the COPY, and ${quietAfterCopy.toFixed(1)} s after it; the table was analysed ${analysed}`);
    console.log(`COPY of the ${copy.value.rows} records: ${(copy.value.bytes / 1e6).toFixed(1)} MB of COPY text in ${copy.value.seconds.toFixed(2)} s${copy.value.notes.map((n) => `; ${n}`).join('')}`);
    // where the time of each side went: CPU seconds by process (the machine's busy time less the named processes' is
    // what other programs and the kernel used meanwhile)
    const named = ['finance', 'postgres', 'accounts', 'gateway', 'nats', 'load'].reduce((t, k) => t + (cpuOfImport[k] ?? 0), 0);
    console.log(`CPU s during the import (${seconds.toFixed(2)} s): ${['finance', 'postgres', 'accounts', 'gateway', 'nats'].map((k) => `${k} ${cpuOfImport[k].toFixed(2)}`).join(', ')}, this bench ${cpuOfImport.load.toFixed(2)}; the rest of the machine ${(cpuOfImport.machine - named).toFixed(2)}`);
    console.log(`CPU s during the COPY (${copy.value.seconds.toFixed(2)} s): postgres ${copy.value.cpu.postgres.toFixed(2)}, psql ${copy.value.cpu.psql.toFixed(2)}`);
    printFloorTable('bench/csv-import: the import against COPY', [
      {
        measure: 'import, upload → done',
        unit: 'rows/s',
        product: rate,
        productLoad: imported.load,
        floor: copy.value.rows / copy.value.seconds,
        floorLoad: copy.load,
        better: 'higher',
        target: 0.5,
        floorName: "PostgreSQL's COPY of the same records into a table LIKE finance.documents (copy-floor.ts)",
      },
    ]);
    printComparisons('bench/csv-import: the lists (issue 14: p99 ≤ 50 ms as well)', lists, 1.5);
  } finally {
    smtp.close();
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
