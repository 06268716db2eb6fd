// What bench/shop-day watches while the people work, to say where the time went: the CPU each of the product's
// processes used (from /proc), the machine's CPU second by second (the product, the people, everything else), and
// what the database's backends were doing (pg_stat_activity sampled: a sampling profile of PostgreSQL).
import { readFileSync } from 'node:fs';
import type { Client } from 'pg';
import { cpuSecondsOf, cpuSnapshot } from './load';

/** A process's time waiting for a CPU while runnable, and its number of times on a CPU, from /proc/<pid>/schedstat. */
export function runQueueOf(pid: number): { waitS: number; slices: number } {
  try {
    const [, wait, slices] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { waitS: wait / 1e9, slices };
  } catch {
    return { waitS: 0, slices: 0 };
  }
}

/** What each watched name's processes used from a tracker's start to its stop. */
export interface Used {
  /** CPU seconds */
  cpu: Record<string, number>;
  /** seconds spent runnable but waiting for a CPU (the run queue), and the times they got one */
  runQueue: Record<string, { waitS: number; slices: number }>;
}

/**
 * The CPU seconds each watched name's processes use from now until `stop`, and their time on the run queue, sampled
 * every 500 ms from /proc: PostgreSQL backends come and go with the pools (an idle connection is closed after 10 s), so
 * a process that appears counts from zero and one that ends counts until it was last seen.
 */
export function cpuTracker(watch: () => Record<string, number[]>): { stop(): Used } {
  type Sample = { cpu: number; waitS: number; slices: number };
  const zero: Sample = { cpu: 0, waitS: 0, slices: 0 };
  const first = new Map<number, Sample>();
  const last = new Map<number, Sample>();
  const names = new Map<number, string>();
  const sample = (atStart: boolean) => {
    for (const [name, pids] of Object.entries(watch()))
      for (const pid of pids) {
        const cpu = cpuSecondsOf(pid);
        if (cpu === 0 && !last.has(pid)) continue;
        const now = { cpu, ...runQueueOf(pid) };
        if (!first.has(pid)) first.set(pid, atStart ? now : zero);
        if (cpu > 0) last.set(pid, now);
        names.set(pid, name);
      }
  };
  sample(true);
  const timer = setInterval(() => sample(false), 500);
  return {
    stop() {
      clearInterval(timer);
      sample(false);
      const out: Used = { cpu: {}, runQueue: {} };
      for (const [pid, name] of names) {
        const [a, b] = [first.get(pid) ?? zero, last.get(pid) ?? zero];
        out.cpu[name] = (out.cpu[name] ?? 0) + b.cpu - a.cpu;
        const q = (out.runQueue[name] ??= { waitS: 0, slices: 0 });
        q.waitS += b.waitS - a.waitS;
        q.slices += b.slices - a.slices;
      }
      return out;
    },
  };
}

/** One second of the machine: cores used by the product, by the people processes, by everything else; cores idle. */
export interface CpuSecond {
  /** s since the sampling started, at the end of this sample */
  at: number;
  product: number;
  people: number;
  /** everything else but the kernel's softirq (loopback networking: everyone's, this bench's traffic included) */
  rest: number;
  softirq: number;
  idle: number;
}

/** The machine's CPU each second until `stop` (`product` and `people`: the pids to count as each, asked each second). */
export function cpuSeconds(product: () => number[], people: () => number[]): { stop(): CpuSecond[] } {
  const out: CpuSecond[] = [];
  let prev = new Map<number, number>();
  let machine = cpuSnapshot({});
  const started = performance.now();
  let at = started;
  const read = (pids: number[], next: Map<number, number>) =>
    pids.reduce((t, pid) => {
      const cpu = cpuSecondsOf(pid);
      next.set(pid, cpu);
      // a process first seen now counts from the last second's sample on: its CPU before is not this second's
      return t + (prev.has(pid) ? Math.max(0, cpu - prev.get(pid)!) : 0);
    }, 0);
  const tick = () => {
    const next = new Map<number, number>();
    const now = cpuSnapshot({});
    const seconds = (performance.now() - at) / 1000;
    const p = read(product(), next);
    const q = read(people(), next);
    const busy = now.machine - machine.machine;
    const softirq = now['machine softirq'] - machine['machine softirq'];
    out.push({
      at: (performance.now() - started) / 1000,
      product: p / seconds,
      people: q / seconds,
      rest: Math.max(0, busy - softirq - p - q) / seconds,
      softirq: softirq / seconds,
      idle: (now['machine idle'] - machine['machine idle']) / seconds,
    });
    [prev, machine, at] = [next, now, performance.now()];
  };
  read([...product(), ...people()], prev);
  const timer = setInterval(tick, 1000);
  return {
    stop() {
      clearInterval(timer);
      return out;
    },
  };
}

/**
 * pg_stat_activity of `db`'s database every `everyMs` until `stop`: each active backend seen counts once for its
 * statement (literals and parameters taken out) and for what it waited on (CPU when nothing), and the connections at
 * most (this database's, the whole server's).
 */
export function pgActivity(db: Client, everyMs = 100): { stop(): { samples: number; byQuery: Map<string, number>; byWait: Map<string, number>; connections: { ours: number; all: number } } } {
  const byQuery = new Map<string, number>();
  const byWait = new Map<string, number>();
  const connections = { ours: 0, all: 0 };
  let samples = 0;
  let busy = false;
  const normal = (q: string) =>
    q
      .replace(/\s+/g, ' ')
      .replace(/'(?:[^']|'')*'/g, "'…'")
      .replace(/\$\d+/g, '$')
      .replace(/\b\d+\b/g, 'N')
      .slice(0, 110);
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.query<{ ours: boolean; active: boolean; wait: string | null; query: string }>(
      `SELECT datname = current_database() AS ours, state = 'active' AS active, wait_event_type || ':' || wait_event AS wait, query
         FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    )
      .then(({ rows }) => {
        samples++;
        connections.all = Math.max(connections.all, rows.length + 1);
        connections.ours = Math.max(connections.ours, rows.filter((r) => r.ours).length + 1);
        for (const r of rows) {
          if (!r.ours || !r.active) continue;
          const q = normal(r.query);
          byQuery.set(q, (byQuery.get(q) ?? 0) + 1);
          const w = r.wait ?? 'CPU';
          byWait.set(w, (byWait.get(w) ?? 0) + 1);
        }
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { samples, byQuery, byWait, connections };
    },
  };
}
