// A list's or a search's floor: the same SQL served by one process (minimal-server.ts), loaded by the same generator
// (load.ts, in its own process) with the same clients for as long, right after the product, so both sides see the
// machine of the same minute. Prints both sides (req/s, p50, p99, errors, CPU per request by process) and the p99 ratio
// through floor.ts, which refuses a ratio whose sides ran at very different loads.
//
// A `_find` can also be measured over the raw chain (lean-chain.ts: the product's hops — HTTP process, NATS, one
// subscriber running the same SQL — with no framework and no checks): the price of the hops themselves on this machine.
// It splits the product's ratio in two: the raw chain against one process (what the architecture costs, whatever the
// code), and the product against the raw chain (what the product's code costs above the bare hops).
import { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FloorRow, FloorVerdict, measured, printFloorTable, SideLoad } from './floor';
import { load, LoadResult, LoadSpec } from './load';
import { BenchStack, databasePids, waitUntil } from './stack';

export const MINIMAL_FLOOR = 'the same SQL from one process (minimal-server.ts, same load)';
export const RAW_CHAIN_FLOOR = "the same SQL over the product's hops with no framework (lean-chain.ts, same load)";

/** Starts minimal-server.ts for one account's documents table; answers once it listens. */
export async function startMinimal(stack: BenchStack, port: number, env: { DB: string; TABLE: string; KLASSES: readonly string[]; NOTES_DIST?: string }): Promise<ChildProcess> {
  const child = stack.start('minimal', path.join(__dirname, 'minimal-server.js'), {
    PORT: String(port),
    DB: env.DB,
    TABLE: env.TABLE,
    KLASSES: env.KLASSES.join(','),
    ...(env.NOTES_DIST ? { NOTES_DIST: env.NOTES_DIST } : {}),
  });
  // any answer will do (a GET without a body is a 400): it listens
  await waitUntil('minimal server', async () => ((await fetch(`http://127.0.0.1:${port}/`).catch(() => null)) ? true : undefined));
  return child;
}

export interface RawChain {
  http: ChildProcess;
  service: ChildProcess;
  /** the load side of a `_find` body over the chain, counting its two processes, the database's backends and NATS */
  side(spec: Omit<LoadSide['spec'], 'url' | 'headers'>): LoadSide;
  kill(): void;
}

/** Starts lean-chain.ts's two processes for one account's documents table (a subject of the bench's run); answers once it serves. */
export async function startRawChain(stack: BenchStack, port: number, env: { DB: string; TABLE: string; KLASSES: readonly string[]; body: string }): Promise<RawChain> {
  const common = { DB: env.DB, TABLE: env.TABLE, KLASSES: env.KLASSES.join(','), SUBJECT: `${stack.run}.lean.find` };
  const service = stack.start('lean-service', path.join(__dirname, 'lean-chain.js'), { ...common, ROLE: 'service' });
  const http = stack.start('lean-http', path.join(__dirname, 'lean-chain.js'), { ...common, ROLE: 'http', PORT: String(port) });
  const kill = () => {
    http.kill();
    service.kill();
  };
  // a find answered with documents: both listen and the service has subscribed (until then the front waits forever)
  await waitUntil('raw chain', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: env.body, signal: AbortSignal.timeout(1000) }).catch(() => null);
    return answer?.ok && Array.isArray(((await answer.json()) as { docs?: unknown }).docs) ? true : undefined;
  }).catch((e: unknown) => {
    kill();
    throw e;
  });
  const side = (spec: Omit<LoadSide['spec'], 'url' | 'headers'>): LoadSide => ({
    spec: { ...spec, url: `http://127.0.0.1:${port}/`, headers: { 'content-type': 'application/json' } },
    watch: () => {
      const { postgres, nats } = databasePids(stack.dbUrl.replace(/^.*\//, ''));
      return { 'lean http': [http.pid!], 'lean service': [service.pid!], postgres, nats };
    },
  });
  return { http, service, side, kill };
}

/** One side of a comparison: what to send, and the processes to count CPU of (listed once the load has begun). */
export interface LoadSide {
  spec: Omit<LoadSpec, 'warmupMs' | 'durationMs' | 'watch'>;
  watch: () => Record<string, number[]>;
}

export interface Measured {
  value: LoadResult;
  load: SideLoad;
}

export interface Comparison {
  measure: string;
  product: Measured;
  floor: Measured;
  /** the raw chain's side, when it was measured */
  chain?: Measured;
}

/**
 * The product, then the floor: each loaded for a second first (the pools open their connections, which are then
 * listed for the CPU figures: a pool closes connections idle for 10 s), then for `seconds` after a 1 s warm-up.
 */
export async function compareUnderLoad(measure: string, product: LoadSide, floor: LoadSide, seconds: number, chain?: LoadSide): Promise<Comparison> {
  const side = async (s: LoadSide) => {
    await load({ ...s.spec, warmupMs: 0, durationMs: 1000 });
    // one entry a process, summed by name when printed: a backend that ends during the window (a pool closes connections
    // idle for 10 s: the other side's) would otherwise take its whole CPU time off its name's
    const watch = Object.fromEntries(Object.entries(s.watch()).flatMap(([name, pids]) => pids.map((pid) => [`${name}#${pid}`, [pid]])));
    return measured(() => load({ ...s.spec, warmupMs: 1000, durationMs: seconds * 1000, watch }));
  };
  const p = await side(product);
  const f = await side(floor);
  return { measure, product: p, floor: f, ...(chain ? { chain: await side(chain) } : {}) };
}

/**
 * CPU ms per request of each process watched, the load generator, and the rest of the machine (other programs, the
 * kernel), with the cores the rest took over the window: what other programs took from this side.
 */
function cpuPerRequest(r: LoadResult): string {
  if (!r.cpu || !r.requests) return '';
  const byName = new Map<string, number>();
  for (const [key, v] of Object.entries(r.cpu)) {
    if (key.startsWith('machine')) continue;
    const name = key.split('#')[0];
    byName.set(name, (byName.get(name) ?? 0) + Math.max(0, v)); // an ended process reads as used 0 s
  }
  const named = [...byName];
  const rest = r.cpu.machine - named.reduce((t, [, v]) => t + v, 0);
  const window = r.requests / r.rps; // seconds measured
  const perRequest = [...named, ['rest of machine', rest] as const].map(([k, v]) => `${k} ${((v / r.requests) * 1000).toFixed(2)}`).join(', ');
  return `${perRequest} (${(rest / window).toFixed(2)} cores)`;
}

/** Both sides of each comparison, then the p99 ratios (target: the product's p99 at most `target` × the floor's). */
export function printComparisons(title: string, list: Comparison[], target: number): FloorVerdict[] {
  console.log(`\n${title}: both sides`);
  console.log(`${'measure'.padEnd(44)} ${'side'.padEnd(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  load  CPU ms per request`);
  for (const c of list) {
    for (const [name, s] of [
      ['product', c.product],
      ['floor', c.floor],
      ['raw chain', c.chain],
    ] as const) {
      if (!s) continue;
      const r = s.value;
      console.log(
        `${(name === 'product' ? c.measure : '').padEnd(44)} ${name.padEnd(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}  ${s.load.start.toFixed(1)}→${s.load.end.toFixed(1)}  ${cpuPerRequest(r)}`,
      );
    }
  }
  const row = (measure: string, product: Measured, floor: Measured, floorName: string): FloorRow => ({
    measure: `${measure} p99${product.value.errors ? ` (${product.value.errors} errors)` : ''}`,
    unit: 'ms',
    product: product.value.p99,
    productLoad: product.load,
    floor: floor.value.p99,
    floorLoad: floor.load,
    better: 'lower',
    target,
    floorName,
  });
  const verdicts = printFloorTable(`${title}: p99 against the floor`, list.map((c) => row(c.measure, c.product, c.floor, MINIMAL_FLOOR)));
  const chained = list.filter((c): c is Comparison & { chain: Measured } => c.chain !== undefined);
  if (chained.length) {
    // the product's ratio in two: the hops' own (no product code at all) and the product's code above them
    printFloorTable(`${title}: the raw chain (the hops alone) against the floor`, chained.map((c) => ({ ...row(c.measure, c.chain, c.floor, MINIMAL_FLOOR), measure: `${c.measure} p99, raw chain` })));
    printFloorTable(`${title}: the product against the raw chain`, chained.map((c) => row(c.measure, c.product, c.chain, RAW_CHAIN_FLOOR)));
  }
  return verdicts;
}
