// A benchmark figure next to a floor measured in the same run on the same data: the machine's speed changes by up to
// 1.8× from hour to hour, so only the ratio of two sides measured minutes apart can be compared across runs. Each side
// records the machine's load while it ran; a ratio whose sides saw very different loads is not reported (the figures
// are printed, the verdict says why there is none).
import os from 'node:os';

/** The 1-minute load average at a side's start and end, and their mean. */
export interface SideLoad {
  start: number;
  end: number;
  mean: number;
}

/** Runs one side of a comparison and records the load around it. */
export async function measured<T>(run: () => Promise<T>): Promise<{ value: T; load: SideLoad }> {
  const start = os.loadavg()[0];
  const value = await run();
  const end = os.loadavg()[0];
  return { value, load: { start, end, mean: (start + end) / 2 } };
}

/**
 * Loads differ too much to compare when their means are more than one busy core apart and more than half of the
 * larger one: on 2 cores, 0.5 vs 1.2 still compares (both sides had a core to themselves), 0.8 vs 2.6 does not.
 */
export function loadsComparable(a: SideLoad, b: SideLoad): boolean {
  const diff = Math.abs(a.mean - b.mean);
  return diff <= 1 || diff <= 0.5 * Math.max(a.mean, b.mean);
}

export interface FloorRow {
  measure: string;
  unit: string;
  product: number;
  productLoad: SideLoad;
  floor: number;
  floorLoad: SideLoad;
  /** 'higher': a speed (rows/s, MiB/s); the ratio is product ÷ floor. 'lower': a time (ms); the ratio is product ÷ floor too. */
  better: 'higher' | 'lower';
  /** the ratio's bound: at least (higher is better) or at most (lower is better) */
  target: number;
  /** what the floor is, in a few words ("PostgreSQL COPY of the same rows") */
  floorName: string;
}

export interface FloorVerdict {
  ratio: number;
  /** met / NOT met / not compared (loads differ) */
  result: 'met' | 'NOT met' | 'not compared';
}

export function verdict(row: FloorRow): FloorVerdict {
  const ratio = row.product / row.floor;
  if (!loadsComparable(row.productLoad, row.floorLoad) || !Number.isFinite(ratio)) return { ratio, result: 'not compared' };
  const met = row.better === 'higher' ? ratio >= row.target : ratio <= row.target;
  return { ratio, result: met ? 'met' : 'NOT met' };
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Prints the rows as a table: product, floor, the load each side saw, the ratio and its verdict. */
export function printFloorTable(title: string, rows: FloorRow[]): FloorVerdict[] {
  console.log(`\n${title} — ${os.cpus().length} cores, load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${'measure'.padEnd(44)} ${'product'.padStart(14)} ${'floor'.padStart(14)} ${'loads'.padStart(11)} ${'ratio'.padStart(6)}  ${'target'.padEnd(8)} result`);
  return rows.map((r) => {
    const v = verdict(r);
    const sign = r.better === 'higher' ? '≥' : '≤';
    console.log(
      `${r.measure.padEnd(44)} ${`${fmt(r.product)} ${r.unit}`.padStart(14)} ${`${fmt(r.floor)} ${r.unit}`.padStart(14)} ${`${r.productLoad.mean.toFixed(1)}/${r.floorLoad.mean.toFixed(1)}`.padStart(11)} ${(Number.isFinite(v.ratio) ? v.ratio.toFixed(2) : '—').padStart(6)}  ${`${sign} ${r.target}×`.padEnd(8)} ${v.result}${v.result === 'not compared' ? ' (the two sides ran at very different loads: run again)' : ''}`,
    );
    console.log(`${''.padEnd(46)}floor: ${r.floorName}`);
    return v;
  });
}
