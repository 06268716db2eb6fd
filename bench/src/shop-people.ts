// The people of bench/shop-day, run in processes of their own (as bench/src/load.ts runs its clients) so that their CPU
// is not charged to the product: each person is a signed-in member of a shop (session cookie and XSRF header) sending
// the calls the screens send, grouped as a screen sends them, through plain keep-alive HTTP.
//
//   quiet — one person alone, every call group ROUNDS times in turn (after a few rounds not recorded);
//   day   — every person at once for SECONDS: a weighted mix of the screens with think times between them.
//
// Protocol with bench/shop-day: the spec arrives as the first line on stdin; the process answers `ready` once it has
// done its warm-up, waits for a `go` line, runs, and writes its result as one JSON line on stdout.
import http from 'node:http';
import readline from 'node:readline';
import { cpuSecondsOf } from './load';
import { databasePids } from './stack';

/** The call groups measured: what one action of a screen sends, timed from its first request to its last answer. */
export const CALL_GROUPS = [
  'board',
  'ticket page',
  'new ticket',
  'move card',
  'import upload',
  'import preview',
  'import confirm',
  'import progress',
  'reader items',
  'reader mark read',
  'disk list',
  'disk upload',
] as const;
export type CallGroup = (typeof CALL_GROUPS)[number];

/** What each call group sends, for the printout. */
export const CALL_GROUP_CALLS: Record<CallGroup, string> = {
  board: 'GET ticket-board view (6 columns × 20 cards)',
  'ticket page': 'GET the ticket, then estimates + comments _find and its status link at once',
  'new ticket': 'POST a Ticket',
  'move card': 'PUT ticket-status/_update/<status>/<id>',
  'import upload': 'POST /_imports (the statement, text/csv)',
  'import preview': 'PUT mappings/_update/try/preview (20 rows)',
  'import confirm': 'POST a CsvImport',
  'import progress': 'GET the CsvImport (every 500 ms until done)',
  'reader items': 'unread items _find (10, list fields) + unread view at once',
  'reader mark read': 'PUT status/_update/read|unread/<item>',
  'disk list': 'folders + files _find of a folder at once',
  'disk upload': 'tus POST + PATCH of one file',
};

export interface Person {
  shop: number;
  /** 0: the shop's owner (an administrator; the one who imports the statement) */
  index: number;
  account: string;
  cookies: Record<string, string>;
  wallet: string;
  /** the folder the disk screen lists and the day's uploads go to */
  listFolder: string;
  /** the folder this person's uploads go to (the quiet person's: another one, so that the list stays as it was) */
  uploadFolder: string;
}

export interface PeopleSpec {
  base: string;
  mode: 'quiet' | 'day';
  people: Person[];
  /** quiet: rounds recorded, and rounds before them not recorded */
  rounds: number;
  warmupRounds: number;
  /** quiet: an import every `importEvery` rounds */
  importEvery: number;
  /** day: how long, and the think time between two actions of a person (uniform in [min, max]) */
  seconds: number;
  thinkMs: [number, number];
  /** rows of each statement imported */
  statementRows: number;
  /** bytes of each file uploaded */
  fileBytes: number;
  seed: number;
  /** day: screens left out of the mix (board, ticketPage, moveCard, newTicket, readerItems, markRead, diskList, diskUpload, import) */
  without: string[];
  /** quiet: the product's processes, and the database whose PostgreSQL backends count as the product's too */
  productPids: number[];
  database: string;
}

export interface GroupResult {
  /** ms of each action */
  ms: number[];
  errors: number;
  /** the first few unexpected answers */
  examples: string[];
}

export interface PeopleResult {
  groups: Record<CallGroup, GroupResult>;
  /** ms from an import's confirmation until the screen's poll saw it done (day: the worker's queue included) */
  importDoneMs: number[];
  actions: number;
  requests: number;
  /** requests sent again on a new connection (a kept-alive one closed as it was written to) */
  retries: number;
  /** ms the run took from `go` */
  elapsedMs: number;
  /** CPU seconds this process used from `go` to its result */
  cpuSeconds: number;
  /** quiet: the product's CPU (ms) from the start of each action of a screen to the start of the next */
  cpuMs: Record<string, number[]>;
  /** every action: when it ended (s since `go`), its ms and its call group (index in CALL_GROUPS) */
  timeline: Array<[number, number, number]>;
}

// ---- HTTP ------------------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

const REQUEST_TIMEOUT_MS = 30_000;

class Client {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  requests = 0;
  /** requests sent again after a kept-alive connection was found closed (see `send`) */
  retries = 0;
  constructor(readonly base: URL) {}

  /**
   * One request. A request written to a kept-alive connection that the server closes at that moment fails before any
   * answer (ECONNRESET, EPIPE); browsers send it again on a new connection, and so does this client, once.
   */
  async send(person: Person, method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Answer> {
    this.requests++;
    const first = await this.once(person, method, path, body, headers);
    if (first.status !== 0 || !first.reusedSocket || !/ECONNRESET|EPIPE/.test(first.body.toString())) return first;
    this.retries++;
    // on a connection of its own: another kept-alive one from the pool may be closing at the same moment
    const again = await this.once(person, method, path, body, headers, false);
    if (again.status === 0) again.body = Buffer.from(`${again.body.toString()} (sent again on a new connection)`);
    return again;
  }

  private once(person: Person, method: string, path: string, body: Buffer | string | undefined, headers: Record<string, string>, pooled = true): Promise<Answer & { reusedSocket?: boolean }> {
    return new Promise((resolve) => {
      const h: Record<string, string> = { ...headers, cookie: Object.entries(person.cookies).map(([k, v]) => `${k}=${v}`).join('; ') };
      if (person.cookies['XSRF-TOKEN']) h['x-xsrf-token'] = decodeURIComponent(person.cookies['XSRF-TOKEN']);
      if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
      const req = http.request({ agent: pooled ? this.agent : false, host: this.base.hostname, port: this.base.port, path, method, headers: h, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // a renewed session or XSRF cookie is kept, as a browser keeps it
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const eq = pair.indexOf('=');
            if (eq > 0) person.cookies[pair.slice(0, eq)] = pair.slice(eq + 1);
          }
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers });
        });
        res.on('error', () => resolve({ status: 0, body: Buffer.from('response error'), headers: {} }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ status: 0, body: Buffer.from(`${err.code ?? ''} ${err.message}${req.reusedSocket ? '' : ' (a new connection)'}`), headers: {}, reusedSocket: req.reusedSocket }),
      );
      req.end(body);
    });
  }
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

// ---- the screens ----------------------------------------------------------------------------------------------------

/** where a card goes next on the board (the work's usual path) */
const NEXT: Record<string, string> = { open: 'doing', block: 'doing', doing: 'review', review: 'done' };
const DEVICES = ['Notebook', 'Impressora', 'Geladeira', 'Celular', 'Monitor', 'Roteador', 'Tablet', 'Micro-ondas'];
const PROBLEMS = ['não liga', 'tela quebrada', 'faz barulho', 'esquenta muito', 'sem sinal', 'não carrega', 'travando'];
const SHOPS = ['Padaria Central', 'Posto Shell', 'Uber *Trip', 'Mercado Livre', 'Farmácia São João', 'Peças Eletrônicas', 'Aluguel', 'Conta de luz'];
const ITEM_FIELDS = ['_id', 'title', 'url', 'summary', 'content_type', 'point_at', 'read', 'starred', 'reader_subscription_id', 'reader_subscription', 'created_at'];
const FOLDER_KINDS = ['dir', 'dir_app'];
const FILE_KINDS = ['file', 'file_enc'];
const IMPORT_POLL_MS = 500;
const IMPORT_GIVE_UP_MS = 90_000;

/** A small deterministic PRNG (mulberry32): the same seed, the same day. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A bank statement as the shop's bank exports it (Windows-1252, semicolons, decimal comma), rows unique to `tag`. */
export function statement(rows: number, tag: string): Buffer {
  const lines = ['Data;Histórico;Valor;Favorecido'];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const cents = 100 + ((i * 7919) % 90_000);
    const amount = `${i % 8 === 0 ? '' : '-'}${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
    lines.push(`${day}/11/2026;${SHOPS[i % SHOPS.length]} ${tag} ${i};${amount};Fornecedor ${i % 13}`);
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

interface Card {
  _id: string;
  status: string;
}
interface Item {
  _id: string;
  read: boolean;
}

/** One person's screens and what they last saw (the board's cards, the feed's items). */
class Screens {
  cards: Card[] = [];
  items: Item[] = [];
  unreadLeft = true;
  made = 0;

  constructor(
    readonly p: Person,
    readonly http: Client,
    readonly record: (group: CallGroup, ms: number, problems: string[]) => void,
    readonly importDone: (ms: number) => void,
    readonly spec: PeopleSpec,
    readonly random: () => number,
  ) {}

  private get acc() {
    return this.p.account;
  }

  /** Runs `calls` (the screen's requests) and records its time and the unexpected answers under `group`. */
  private async timed<T>(group: CallGroup, calls: (problems: string[]) => Promise<T>): Promise<T> {
    const problems: string[] = [];
    const t0 = performance.now();
    const out = await calls(problems);
    this.record(group, performance.now() - t0, problems);
    return out;
  }

  /** The answer when its status is one of `ok`, else a problem noted and undefined. */
  private expect(problems: string[], what: string, a: Answer, ok: number[]): Answer | undefined {
    if (ok.includes(a.status)) return a;
    problems.push(`${what} → ${a.status} ${a.body.toString('utf8').slice(0, 200)}`);
    return undefined;
  }

  private json<T>(a: Answer | undefined): T | undefined {
    if (!a) return undefined;
    try {
      return JSON.parse(a.body.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }

  private find(body: object) {
    return this.http.send(this.p, 'POST', `/${this.acc}/_find`, JSON.stringify(body), JSON_HEADERS);
  }

  async board(): Promise<void> {
    const rows = await this.timed('board', async (problems) => {
      const a = this.expect(problems, 'GET ticket-board', await this.http.send(this.p, 'GET', `/${this.acc}/_design/ticket-board/_view/all?limit=20`), [200]);
      return this.json<{ rows: Array<{ key: string; value: { cards: Card[] } }> }>(a)?.rows;
    });
    if (rows) this.cards = rows.flatMap((r) => r.value.cards.map((c) => ({ _id: c._id, status: r.key })));
  }

  async ticketPage(): Promise<void> {
    if (!this.cards.length) return this.board();
    const card = this.cards[Math.floor(this.random() * this.cards.length)];
    await this.timed('ticket page', async (problems) => {
      const got = this.expect(problems, 'GET ticket', await this.http.send(this.p, 'GET', `/${this.acc}/${card._id}`), [200]);
      if (!got) return;
      const [estimates, comments, link] = await Promise.all([
        this.find({ selector: { klass: 'Estimate', ticket_id: card._id }, sort: [{ number: 'desc' }], limit: 100 }),
        this.find({ selector: { klass: 'Comment', ticket_id: card._id }, sort: [{ created_at: 'asc' }], limit: 1000 }),
        this.http.send(this.p, 'GET', `/${this.acc}/tickets/${card._id}/status-link?tz=America%2FSao_Paulo`),
      ]);
      this.expect(problems, 'estimates _find', estimates, [200]);
      this.expect(problems, 'comments _find', comments, [200]);
      this.expect(problems, 'GET status-link', link, [200]);
    });
  }

  async newTicket(): Promise<void> {
    const device = DEVICES[Math.floor(this.random() * DEVICES.length)];
    const problem = PROBLEMS[Math.floor(this.random() * PROBLEMS.length)];
    const body = { klass: 'Ticket', content: `${device} ${problem}\nO cliente diz que começou ontem (${this.p.shop}-${this.p.index}-${++this.made}).`, priority: ['low', 'medium', 'high'][this.made % 3] };
    const made = await this.timed('new ticket', async (problems) =>
      this.json<{ id: string }>(this.expect(problems, 'POST Ticket', await this.http.send(this.p, 'POST', `/${this.acc}`, JSON.stringify(body), JSON_HEADERS), [201])),
    );
    if (made?.id) this.cards.push({ _id: made.id, status: 'open' });
  }

  async moveCard(): Promise<void> {
    const movable = this.cards.filter((c) => NEXT[c.status]);
    if (!movable.length) return this.board();
    const card = movable[Math.floor(this.random() * movable.length)];
    const to = NEXT[card.status];
    await this.timed('move card', async (problems) => {
      this.expect(problems, `PUT ticket-status ${to}`, await this.http.send(this.p, 'PUT', `/${this.acc}/_design/ticket-status/_update/${to}/${card._id}`), [200]);
    });
    card.status = to;
  }

  async readerItems(): Promise<void> {
    const selector: Record<string, unknown> = { klass: 'ReaderItem', ...(this.unreadLeft ? { read: false } : {}) };
    const items = await this.timed('reader items', async (problems) => {
      const [list, counts] = await Promise.all([
        this.find({ selector, fields: ITEM_FIELDS, sort: [{ point_at: 'desc' }], limit: 10, skip: 0 }),
        this.http.send(this.p, 'GET', `/${this.acc}/_design/reader/_view/unread`),
      ]);
      this.expect(problems, 'GET unread view', counts, [200]);
      return this.json<{ docs: Item[] }>(this.expect(problems, 'items _find', list, [200]))?.docs;
    });
    if (!items) return;
    this.items = items;
    // every item read: the feed shows all of them from then on (the screen's "all" filter)
    if (this.unreadLeft && !items.length) this.unreadLeft = false;
  }

  async markRead(): Promise<void> {
    if (!this.items.length) return this.readerItems();
    const item = this.items[Math.floor(this.random() * this.items.length)];
    const update = item.read ? 'unread' : 'read';
    await this.timed('reader mark read', async (problems) => {
      this.expect(problems, `PUT status ${update}`, await this.http.send(this.p, 'PUT', `/${this.acc}/_design/status/_update/${update}/${item._id}`), [200]);
    });
    item.read = !item.read;
  }

  async diskList(): Promise<void> {
    const where = { klass: 'CloudFile', dir_id: this.p.listFolder };
    await this.timed('disk list', async (problems) => {
      const [folders, files] = await Promise.all([
        this.find({ selector: { ...where, kind: { $in: FOLDER_KINDS } }, sort: [{ name: 'asc' }], limit: 1000 }),
        this.find({ selector: { ...where, kind: { $in: FILE_KINDS } }, sort: [{ name: 'asc' }], limit: 1000 }),
      ]);
      this.expect(problems, 'folders _find', folders, [200]);
      this.expect(problems, 'files _find', files, [200]);
    });
  }

  async diskUpload(): Promise<void> {
    const name = `foto-${this.p.shop}-${this.p.index}-${++this.made}-${Math.floor(this.random() * 1e9)}.jpg`;
    // bytes of its own, as every photo has: the disk keeps blobs by their SHA-256, and files of the same bytes would
    // share one blob (and take turns on its lock)
    const bytes = Buffer.alloc(this.spec.fileBytes, this.made % 251);
    bytes.write(`${name}\n`, 0, 'latin1');
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const tus = { 'tus-resumable': '1.0.0' };
    await this.timed('disk upload', async (problems) => {
      const created = this.expect(
        problems,
        'tus POST',
        await this.http.send(this.p, 'POST', `/files/${this.acc}/uploads`, undefined, {
          ...tus,
          'upload-length': String(bytes.length),
          'upload-metadata': `name ${b64(name)},dir_id ${b64(this.p.uploadFolder)},filetype ${b64('image/jpeg')}`,
        }),
        [201],
      );
      const location = created?.headers.location;
      if (!created) return;
      if (!location) return void problems.push('tus POST: no Location');
      this.expect(problems, 'tus PATCH', await this.http.send(this.p, 'PATCH', location, bytes, { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }), [204]);
    });
  }

  /** The import screen: the file chosen (upload, then the rules' preview), the import confirmed, its progress. */
  async importStatement(thinkMs: number): Promise<void> {
    const tag = `${this.p.shop}x${this.p.index}x${++this.made}x${Math.floor(this.random() * 1e9).toString(36)}`;
    const file = statement(this.spec.statementRows, tag);
    const uploaded = await this.timed('import upload', async (problems) =>
      this.json<{ upload_id: string; rows: string[][] }>(
        this.expect(problems, 'POST _imports', await this.http.send(this.p, 'POST', `/${this.acc}/_imports`, file, { 'content-type': 'text/csv', accept: 'application/json' }), [201]),
      ),
    );
    if (!uploaded) return;
    // what the page previews: the first 20 data rows as records, the group's rules applied by the service
    const records = uploaded.rows.slice(1, 21).map((r) => ({ klass: r[2]?.startsWith('-') ? 'Outgo' : 'Income', description: r[1] ?? null, third_party: r[3] ?? null, categories: [] }));
    await this.timed('import preview', async (problems) => {
      this.expect(problems, 'PUT mappings try', await this.http.send(this.p, 'PUT', `/${this.acc}/_design/mappings/_update/try/preview`, JSON.stringify({ records }), JSON_HEADERS), [200]);
    });
    await sleep(thinkMs);
    // the import's own time starts when it is confirmed (the person reads the preview before: that think time is theirs)
    const t0 = performance.now();
    const body = { klass: 'CsvImport', upload_id: uploaded.upload_id, wallet_id: this.p.wallet, columns: { date: 0, description: 1, value: 2, third_party: 3 }, first_line_is_header: true, description: `extrato-${tag}.csv` };
    const started = await this.timed('import confirm', async (problems) =>
      this.json<{ id: string }>(this.expect(problems, 'POST CsvImport', await this.http.send(this.p, 'POST', `/${this.acc}`, JSON.stringify(body), JSON_HEADERS), [201])),
    );
    if (!started?.id) return;
    const until = performance.now() + IMPORT_GIVE_UP_MS;
    while (performance.now() < until) {
      await sleep(IMPORT_POLL_MS);
      const doc = await this.timed('import progress', async (problems) =>
        this.json<{ status: string; error: unknown }>(this.expect(problems, 'GET CsvImport', await this.http.send(this.p, 'GET', `/${this.acc}/${started.id}`), [200])),
      );
      if (doc?.status === 'done') return this.importDone(performance.now() - t0);
      if (doc?.status === 'failed') return this.record('import progress', 0, [`import ${started.id} failed: ${JSON.stringify(doc.error).slice(0, 200)}`]);
    }
    this.record('import progress', 0, [`import ${started.id} not done after ${IMPORT_GIVE_UP_MS / 1000} s`]);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL backends of `database`, looked up in /proc at most once a second. */
let backends: { at: number; pids: number[] } = { at: 0, pids: [] };
function backendsOf(database: string): number[] {
  if (performance.now() - backends.at > 1000) backends = { at: performance.now(), pids: databasePids(database).postgres };
  return backends.pids;
}

// ---- the runs -------------------------------------------------------------------------------------------------------

/** The day's mix: how often each screen comes (the owner also imports the statement). */
const MIX: Array<[keyof Screens | 'import', number]> = [
  ['board', 22],
  ['ticketPage', 18],
  ['moveCard', 12],
  ['newTicket', 8],
  ['readerItems', 12],
  ['markRead', 8],
  ['diskList', 8],
  ['diskUpload', 5],
];
const OWNER_IMPORT_WEIGHT = 4;

function pick(random: () => number, owner: boolean, without: string[]): string {
  const mix = (owner ? [...MIX, ['import', OWNER_IMPORT_WEIGHT] as [string, number]] : MIX).filter(([name]) => !without.includes(name));
  const total = mix.reduce((t, [, w]) => t + w, 0);
  let r = random() * total;
  for (const [name, w] of mix) if ((r -= w) < 0) return name;
  return mix[0][0];
}

async function run(spec: PeopleSpec, go: Promise<void>, ready: () => void): Promise<PeopleResult> {
  const client = new Client(new URL(spec.base));
  const groups = Object.fromEntries(CALL_GROUPS.map((g) => [g, { ms: [], errors: 0, examples: [] } as GroupResult])) as Record<CallGroup, GroupResult>;
  const importDoneMs: number[] = [];
  let recording = false;
  let actions = 0;
  const timeline: Array<[number, number, number]> = [];
  let goAt = 0;
  const record = (group: CallGroup, ms: number, problems: string[]) => {
    if (!recording) return;
    const g = groups[group];
    if (ms > 0) g.ms.push(ms);
    // when it ended, in s since `go`, and how long it took
    if (ms > 0) timeline.push([Math.round(performance.now() - goAt) / 1000, Math.round(ms * 10) / 10, CALL_GROUPS.indexOf(group)]);
    if (problems.length) {
      g.errors += problems.length;
      for (const p of problems) if (g.examples.length < 5) g.examples.push(p);
    }
  };
  const importDone = (ms: number) => recording && importDoneMs.push(ms);
  const cpuMs: Record<string, number[]> = {};
  const think = (random: () => number) => spec.thinkMs[0] + random() * (spec.thinkMs[1] - spec.thinkMs[0]);

  if (spec.mode === 'quiet') {
    const random = prng(spec.seed);
    const s = new Screens(spec.people[0], client, record, importDone, spec, random);
    // the product's CPU from the start of each action to the start of the next (its background work after the answer
    // included, and the product's idle work over that time): what each screen costs, whatever else runs on the machine
    // per process: a PostgreSQL backend that appears counts from zero, one that ends is left out of that action
    const productCpu = () => new Map([...spec.productPids, ...backendsOf(spec.database)].map((pid) => [pid, cpuSecondsOf(pid)]));
    const used = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((t, [pid, cpu]) => t + (cpu > 0 ? cpu - (before.get(pid) ?? 0) : 0), 0);
    const steps: Array<[string, () => Promise<void>]> = [
      ['board', () => s.board()],
      ['ticket page', () => s.ticketPage()],
      ['move card', () => s.moveCard()],
      ['new ticket', () => s.newTicket()],
      ['reader items', () => s.readerItems()],
      ['reader mark read', () => s.markRead()],
      ['disk list', () => s.diskList()],
      ['disk upload', () => s.diskUpload()],
    ];
    const round = async (n: number) => {
      const all: Array<[string, () => Promise<void>]> = n % spec.importEvery === 0 ? [...steps, ['import', () => s.importStatement(think(random))]] : steps;
      for (const [name, step] of all) {
        const before = recording ? productCpu() : new Map<number, number>();
        await step();
        actions++;
        await sleep(think(random));
        if (recording) (cpuMs[name] ??= []).push(used(before, productCpu()) * 1000);
      }
    };
    for (let n = 0; n < spec.warmupRounds; n++) await round(n);
    ready();
    await go;
    const [t0, cpu0] = [performance.now(), process.cpuUsage()];
    goAt = t0;
    recording = true;
    client.requests = 0;
    actions = 0;
    for (let n = 0; n < spec.rounds; n++) await round(n);
    return { groups, importDoneMs, actions, requests: client.requests, retries: client.retries, elapsedMs: performance.now() - t0, cpuSeconds: cpuSince(cpu0), cpuMs, timeline };
  }

  ready();
  await go;
  const [t0, cpu0] = [performance.now(), process.cpuUsage()];
  goAt = t0;
  const end = t0 + spec.seconds * 1000;
  recording = true;
  await Promise.all(
    spec.people.map(async (p, i) => {
      const random = prng(spec.seed * 1000 + i);
      const s = new Screens(p, client, record, importDone, spec, random);
      // people come in over the first think time, not all in the same millisecond
      await sleep(random() * spec.thinkMs[1]);
      while (performance.now() < end) {
        const what = pick(random, p.index === 0, spec.without);
        if (what === 'import') await s.importStatement(think(random));
        else await (s[what as 'board'] as () => Promise<void>).call(s);
        actions++;
        await sleep(think(random));
      }
    }),
  );
  return { groups, importDoneMs, actions, requests: client.requests, retries: client.retries, elapsedMs: performance.now() - t0, cpuSeconds: cpuSince(cpu0), cpuMs, timeline };
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
}

if (require.main === module) {
  const lines = readline.createInterface({ input: process.stdin });
  let spec: PeopleSpec | undefined;
  let started: () => void = () => undefined;
  const go = new Promise<void>((r) => (started = r));
  lines.on('line', (line) => {
    if (!spec) {
      spec = JSON.parse(line) as PeopleSpec;
      run(spec, go, () => process.stdout.write('ready\n')).then(
        (result) => {
          process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
        },
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    } else if (line.trim() === 'go') started();
  });
}
