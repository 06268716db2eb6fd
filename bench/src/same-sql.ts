// A list's or a search's floor: the same SQL served by one process (minimal-server.ts), loaded by the same generator
// (load.ts, in its own process) with the same clients for as long, right after the product, so both sides see the
// machine of the same minute. Prints both sides (req/s, p50, p99, errors, CPU per request by process) and the p99 ratio
// through floor.ts, which refuses a ratio whose sides ran at very different loads.
import { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FloorRow, FloorVerdict, measured, printFloorTable, SideLoad } from './floor';
import { load, LoadResult, LoadSpec } from './load';
import { BenchStack, waitUntil } from './stack';

export const MINIMAL_FLOOR = 'the same SQL from one process (minimal-server.ts, same load)';

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
}

/**
 * The product, then the floor: each loaded for a second first (the pools open their connections, which are then
 * listed for the CPU figures: a pool closes connections idle for 10 s), then for `seconds` after a 1 s warm-up.
 */
export async function compareUnderLoad(measure: string, product: LoadSide, floor: LoadSide, seconds: number): Promise<Comparison> {
  const side = async (s: LoadSide) => {
    await load({ ...s.spec, warmupMs: 0, durationMs: 1000 });
    // one entry a process, summed by name when printed: a backend that ends during the window (a pool closes connections
    // idle for 10 s: the other side's) would otherwise take its whole CPU time off its name's
    const watch = Object.fromEntries(Object.entries(s.watch()).flatMap(([name, pids]) => pids.map((pid) => [`${name}#${pid}`, [pid]])));
    return measured(() => load({ ...s.spec, warmupMs: 1000, durationMs: seconds * 1000, watch }));
  };
  const p = await side(product);
  const f = await side(floor);
  return { measure, product: p, floor: f };
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
    ] as const) {
      const r = s.value;
      console.log(
        `${(name === 'product' ? c.measure : '').padEnd(44)} ${name.padEnd(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}  ${s.load.start.toFixed(1)}→${s.load.end.toFixed(1)}  ${cpuPerRequest(r)}`,
      );
    }
  }
  const rows: FloorRow[] = list.map((c) => ({
    measure: `${c.measure} p99${c.product.value.errors ? ` (${c.product.value.errors} errors)` : ''}`,
    unit: 'ms',
    product: c.product.value.p99,
    productLoad: c.product.load,
    floor: c.floor.value.p99,
    floorLoad: c.floor.load,
    better: 'lower',
    target,
    floorName: MINIMAL_FLOOR,
  }));
  return printFloorTable(`${title}: p99 against the floor`, rows);
}
