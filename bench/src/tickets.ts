// bench/tickets: the tickets screens' queries over 100,000 tickets of one group, through gateway → NATS → tickets
// service → PostgreSQL, 20 closed-loop clients: one board column (`_find` by status, number desc, limit 50), the whole
// board (the 6 column queries in parallel, and the ticket-board view the board screen sends: one request), the list's first page (number desc,
// limit 25) and text search (`search: {$regex}`, a rare and a common term), and the board again with `fields` (what a
// card shows). Prints the reply size, req/s, p50 and p99 of each against the targets (p99 ≤ 50 ms board and list,
// ≤ 150 ms search) and the plan PostgreSQL picks for each (EXPLAIN ANALYZE of the SQL the store builds). Not a test.
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1. It uses its own
// database and APP_PREFIX and removes them when done. Run: `npm run bench:tickets` (env TICKETS, CONCURRENCY,
// SECONDS, ONLY=<regex of query names>).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { KLASSES, KLASS_NAMES } from '@app/proto';
import { cpuSecondsOf, load, LoadResult } from './load';
import { benchStack, gatewayEnv, ROOT, waitForServices, waitUntil } from './stack';

const TICKETS = Number(process.env.TICKETS || 100_000);
const CONCURRENCY = Number(process.env.CONCURRENCY || 20);
const SECONDS = Number(process.env.SECONDS || 10);
const GATEWAY_PORT = 25500 + Math.floor(Math.random() * 500); // below the ephemeral range (32768+)
const SMTP_PORT = GATEWAY_PORT + 500;
const STATUSES = ['open', 'block', 'doing', 'review', 'done', 'cancel'] as const;
/** the planner setting the services' pools use (services/platform service-providers.ts) */
const RANDOM_PAGE_COST = Number(process.env.PG_RANDOM_PAGE_COST || 1.1);
/** what a board card shows: the variant measured with `fields` */
const CARD_FIELDS = ['_id', '_rev', 'number', 'title', 'status', 'priority', 'ticket_kind', 'customer_name', 'equipment_identifier', 'technical_id', 'category_id', 'updated_at'];

/** The pids of the PostgreSQL backends serving `dbName` and of nats-server, from /proc. */
function otherPids(dbName: string): { postgres: number[]; nats: number[] } {
  const out = { postgres: [] as number[], nats: [] as number[] };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.startsWith('postgres:') && cmd.includes(` ${dbName} `)) out.postgres.push(Number(entry));
      else if (cmd.includes('nats-server')) out.nats.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

const sum = (pids: number[]) => pids.reduce((n, pid) => n + cpuSecondsOf(pid), 0);

// ---- seeding ------------------------------------------------------------------------------------------------------

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabel', 'João', 'Karina', 'Lucas', 'Marta', 'Nilo', 'Olívia', 'Paulo', 'Quésia', 'Rafael', 'Sônia', 'Tiago', 'Úrsula', 'Vitor', 'Wanda', 'Xavier', 'Yara', 'Zeca', 'Alice', 'Bento', 'Cecília', 'Davi', 'Eva', 'Félix', 'Gael', 'Helena', 'Igor', 'Júlia', 'Kauê', 'Lara', 'Miguel', 'Nina'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Moura', 'Correia', 'Pinto', 'Araújo', 'Cavalcanti', 'Monteiro', 'Batista', 'Campos', 'Peixoto', 'Barros', 'Reis', 'Duarte', 'Queiroz', 'Brandão', 'Fontes'];
const DEVICES = ['Notebook', 'Impressora', 'Geladeira', 'Celular', 'Monitor', 'Roteador', 'Tablet', 'Máquina de lavar', 'Micro-ondas', 'Desktop', 'Televisão', 'Ar-condicionado'];
const PROBLEMS = ['não liga', 'tela quebrada', 'faz barulho', 'esquenta muito', 'sem sinal', 'bateria viciada', 'não carrega', 'desliga sozinho', 'vazando água', 'travando', 'sem imagem', 'botão emperrado', 'cheiro de queimado', 'lento', 'não conecta'];
const CUSTOMERS = FIRST.length * LAST.length; // 2,000

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * 2,000 customers and `TICKETS` tickets, written by SQL in the shape the tickets service stores (server fields
 * included: number, label, search, customer_name, status_events), since the write path is not what is measured.
 */
export async function seed(db: Client, account: string, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO tickets.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
     SELECT $1, id, 'Customer', '1-bench', false, body, now(), now(), length(body::text)
     FROM (SELECT 'cus-bench' || lpad(k::text, 5, '0') AS id,
                  jsonb_build_object('_id', 'cus-bench' || lpad(k::text, 5, '0'), '_rev', '1-bench', 'klass', 'Customer',
                    'name', (${sqlArray(FIRST)})[1 + k % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + k / ${FIRST.length}],
                    'created_at', now(), 'updated_at', now(), 'created_by', $2::text) AS body
           FROM generate_series(0, ${CUSTOMERS - 1}) AS k) c`,
    [account, userId],
  );
  await db.query(
    `INSERT INTO tickets.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
     SELECT $1, id, 'Ticket', rev, false, body, at::timestamptz, at::timestamptz, length(body::text)
     FROM (
       SELECT t.id, t.rev, t.at, jsonb_build_object(
           '_id', t.id, '_rev', t.rev, 'klass', 'Ticket', 'created_at', t.at, 'updated_at', t.at, 'created_by', $2::text,
           'number', t.i, 'title', t.title, 'content', t.content, 'problem', t.problem, 'status', t.status,
           'priority', t.priority, 'ticket_kind', t.kind, 'customer_id', t.customer_id, 'customer_name', t.customer_name,
           'equipment_identifier', t.equipment, 'technical_id', CASE WHEN t.i % 4 = 0 THEN $2::text END,
           'checklist', '[]'::jsonb, 'label', '#' || t.i || ' ' || t.title,
           'status_events', jsonb_build_array(jsonb_build_object('status', t.status, 'from', null, 'user_id', $2::text, 'user_label', 'Bench', 'at', t.at)),
           'search', lower(concat_ws(E'\\n', t.i::text, t.title, t.content, t.problem, t.customer_name, t.equipment))) AS body
       FROM (
         SELECT i, 'tkt-bench' || lpad(i::text, 6, '0') AS id, '1-' || md5(i::text) AS rev,
                to_char(now() - (${TICKETS} - i) * interval '7 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
                title, title || '. ' || (${sqlArray(PROBLEMS)})[1 + (i * 7) % ${PROBLEMS.length}] || ' às vezes, segundo o cliente.' AS content,
                CASE WHEN s IN ('review', 'done') THEN 'Trocado componente de ' || lower(device) END AS problem,
                s AS status, p AS priority, (ARRAY['chore','bug','story'])[1 + i % 3] AS kind,
                'cus-bench' || lpad(k::text, 5, '0') AS customer_id,
                (${sqlArray(FIRST)})[1 + k % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + k / ${FIRST.length}] AS customer_name,
                'EQ-' || lpad(((i * 13) % 5000)::text, 5, '0') AS equipment
         FROM (
           SELECT i, k, device, device || ' ' || (${sqlArray(PROBLEMS)})[1 + (i / ${DEVICES.length}) % ${PROBLEMS.length}] AS title,
                  CASE WHEN r < 12 THEN 'open' WHEN r < 17 THEN 'block' WHEN r < 27 THEN 'doing' WHEN r < 35 THEN 'review' WHEN r < 92 THEN 'done' ELSE 'cancel' END AS s,
                  CASE WHEN (i * 11) % 10 < 3 THEN 'high' WHEN (i * 11) % 10 < 7 THEN 'medium' ELSE 'low' END AS p
           FROM (SELECT i, (i * 37) % 100 AS r, (i * 7919) % ${CUSTOMERS} AS k, (${sqlArray(DEVICES)})[1 + i % ${DEVICES.length}] AS device
                 FROM generate_series(1, ${TICKETS}) AS i) g
         ) x
       ) t
     ) rows`,
    [account, userId],
  );
  await db.query(`INSERT INTO tickets.number_counters (account_id, kind, last) VALUES ($1, 'Ticket', $2)`, [account, TICKETS]);
  await db.query('ANALYZE tickets.documents');
}

// ---- the run ------------------------------------------------------------------------------------------------------

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

interface Measured {
  name: string;
  bodies: object[];
  target: number;
  /** requests per iteration, for the req/s column */
  per: number;
  /** a view's path under the group (GET) instead of the `_find` bodies */
  view?: string;
}

async function main() {
  const base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const stack = await benchStack(gatewayEnv(GATEWAY_PORT, SMTP_PORT));
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _c, cb) => s.on('end', cb).resume() });
  await new Promise<void>((r) => smtp.listen(SMTP_PORT, '127.0.0.1', r));
  const db = new Client({ connectionString: stack.dbUrl });
  db.on('error', () => undefined); // the database is dropped at the end, whatever happened
  try {
    await db.connect();
    const dbName = stack.dbUrl.replace(/^.*\//, '');
    // the services' pools set random_page_cost (PG_RANDOM_PAGE_COST, default 1.1): this session's EXPLAINs do the same
    await db.query(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    for (const s of ['identity', 'accounts', 'tickets']) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number | undefined> = {};
    for (const s of ['identity', 'accounts', 'tickets']) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid;
    pids.gateway = stack.start('gateway', path.join(ROOT, 'gateway/dist/main.js')).pid;
    await waitForServices(base, ['identity', 'accounts', 'tickets']);

    // a signed-in user with a group
    const json = { 'content-type': 'application/json' };
    const email = `${stack.run}@example.com`;
    const password = 'bench-password-1';
    const register = () => fetch(`${base}/_users`, { method: 'POST', headers: json, body: JSON.stringify({ email, fullname: 'Bench', password, password_confirmation: password, accept: true }) });
    const reg = await waitUntil('register', async () => {
      const r = await register();
      return r.status === 503 ? undefined : r;
    });
    if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${base}/_session`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const userId = ((await login.json()) as { name: string }).name;
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
    const headers = { ...json, cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
    const group = await fetch(`${base}/accounts`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench shop' }) });
    if (!group.ok) throw new Error(`group: ${group.status} ${await group.text()}`);
    const account = ((await group.json()) as { id: string }).id;

    const t0 = Date.now();
    await seed(db, account, userId);
    console.log(`seeded ${TICKETS} tickets and ${CUSTOMERS} customers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);


    const column = (status: string, fields?: string[]) => ({ selector: { klass: 'Ticket', status }, sort: [{ number: 'desc' }], limit: 50, ...(fields ? { fields } : {}) });
    const rare = 'queiroz'; // one surname of 50: ~2 % of the tickets
    const common = 'não liga'; // one problem of 15 in the title (~7 %), and in many contents
    const search = (term: string) => ({ selector: { klass: 'Ticket', search: { $regex: term } }, sort: [{ number: 'desc' }], limit: 25 });
    const all: Measured[] = [
      { name: 'board column (open, limit 50)', bodies: [column('open')], target: 50, per: 1 },
      { name: 'board column (done, limit 50)', bodies: [column('done')], target: 50, per: 1 },
      { name: 'board: 6 columns in parallel', bodies: STATUSES.map((st) => column(st)), target: 50, per: 6 },
      // what the board screen sends: the ticket-board view, 6 columns of 50 card-field cards in one request
      { name: 'board view (one request, 6×20)', bodies: [], view: '_design/ticket-board/_view/all?limit=20', target: 50, per: 1 },
      { name: 'board view (one request, 6×50)', bodies: [], view: '_design/ticket-board/_view/all?limit=50', target: 50, per: 1 },
      { name: 'board column (open), card fields', bodies: [column('open', CARD_FIELDS)], target: 50, per: 1 },
      { name: 'board: 6 columns, card fields', bodies: STATUSES.map((st) => column(st, CARD_FIELDS)), target: 50, per: 6 },
      // not a screen's query: a reply the size of a one-request board (300 cards), to weigh the fixed cost of a request
      // (a selector on all six statuses would not do: PostgreSQL then sorts the whole table by number)
      { name: 'proxy: 300 cards in one request', bodies: [{ selector: { klass: 'Ticket' }, sort: [{ number: 'desc' }], limit: 300, fields: CARD_FIELDS }], target: 50, per: 1 },
      { name: 'list (number desc, limit 25)', bodies: [{ selector: { klass: 'Ticket' }, sort: [{ number: 'desc' }], limit: 25 }], target: 50, per: 1 },
      { name: `search "${rare}" (limit 25)`, bodies: [search(rare)], target: 150, per: 1 },
      { name: `search "${common}" (limit 25)`, bodies: [search(common)], target: 150, per: 1 },
    ];
    // ONLY=<regex>: measure only the queries whose name matches (quick runs)
    const measured = process.env.ONLY ? all.filter((m) => new RegExp(process.env.ONLY!).test(m.name)) : all;

    // each query answers what it should through the gateway, and the plan PostgreSQL picks for its SQL
    const { buildFindSql } = await import('@app/platform');
    const klasses = KLASS_NAMES.filter((k) => KLASSES[k].service === 'tickets');
    const sizes = new Map<string, number>();
    for (const m of measured) {
      if (m.view) {
        const r = await fetch(`${base}/${account}/${m.view}`, { headers });
        const board = (await r.json()) as { rows: { value: { cards: unknown[] } }[] };
        const limit = Number(new URL(m.view, base).searchParams.get('limit'));
        if (!r.ok || board.rows?.length !== 6 || board.rows.some((row) => row.value.cards.length !== limit)) throw new Error(`${m.name}: ${r.status} ${JSON.stringify(board).slice(0, 200)}`);
        sizes.set(m.name, JSON.stringify(board).length);
        continue;
      }
      for (const q of m.bodies) {
        const r = await fetch(`${base}/${account}/_find`, { method: 'POST', headers, body: JSON.stringify(q) });
        const found = (await r.json()) as { docs: { number: number }[] };
        const limit = (q as { limit: number }).limit;
        if (!r.ok || found.docs.length !== limit) throw new Error(`${m.name}: ${r.status} ${JSON.stringify(found).slice(0, 200)}`);
        sizes.set(m.name, (sizes.get(m.name) ?? 0) + JSON.stringify(found).length);
      }
      const sql = buildFindSql({ table: '"tickets"."documents"', db: account, query: m.bodies[0], klasses });
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
      const lines = plan.rows.map((x) => x['QUERY PLAN'] as string);
      const scans = lines.filter((l) => /Scan|Sort|Limit/.test(l)).map((l) => l.trim().replace(/\s+\(cost=[^)]*\)/, ''));
      console.log(`plan of ${m.name}: ${scans.join(' | ')} | ${lines.find((l) => l.startsWith('Execution Time'))}`);
    }

    const results: [Measured, LoadResult, string][] = [];
    for (const m of measured) {
      // backends the pools open during the run count whole (they were not there before)
      const cpu = () => {
        const others = otherPids(dbName);
        return { gateway: cpuSecondsOf(pids.gateway!), accounts: cpuSecondsOf(pids.accounts!), tickets: cpuSecondsOf(pids.tickets!), postgres: sum(others.postgres), nats: sum(others.nats) };
      };
      const before = cpu();
      const r = m.view
        ? await load({ url: `${base}/${account}/${m.view}`, method: 'GET', headers, concurrency: CONCURRENCY, warmupMs: 2000, durationMs: SECONDS * 1000 })
        : await load({ url: `${base}/${account}/_find`, method: 'POST', headers, bodies: m.bodies.map((b) => JSON.stringify(b)), concurrency: CONCURRENCY, warmupMs: 2000, durationMs: SECONDS * 1000 });
      const after = cpu();
      const window = SECONDS + 2; // the warm-up included
      const shares = (Object.keys(after) as (keyof typeof after)[]).map((k) => `${k} ${(((after[k] - before[k]) / window) * 100).toFixed(0)}%`);
      results.push([m, r, shares.join(', ')]);
    }

    console.log(`\n${TICKETS} tickets in one group, ${CONCURRENCY} clients, ${SECONDS} s each after a 2 s warm-up, gateway → NATS → tickets → Postgres (${os.cpus().length} cores)`);
    console.log(`${'query'.padEnd(36)} ${'reply kB'.padStart(8)} ${'req/s'.padStart(7)} ${'loads/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  target p99   CPU (of one core)`);
    for (const [m, r, cpu] of results) {
      const ok = r.p99 <= m.target && r.errors === 0 ? 'ok' : 'MISSED';
      console.log(
        `${m.name.padEnd(36)} ${((sizes.get(m.name) ?? 0) / 1000).toFixed(1).padStart(8)} ${(r.rps * m.per).toFixed(0).padStart(7)} ${(m.per > 1 ? r.rps.toFixed(0) : '').padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}  ≤ ${m.target} ms ${ok.padEnd(6)}  ${cpu}`,
      );
    }
  } finally {
    await db.end().catch(() => undefined);
    await new Promise<void>((r) => smtp.close(() => r()));
    await stack.close();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
