// A closed-loop HTTP load generator run in its own process, so its CPU use is not charged to the server
// measured: `concurrency` clients each send the next iteration as soon as the previous one is answered. An iteration is
// one request, or several sent at once (`bodies`: e.g. the queries a screen sends together), and lasts until the last
// answer.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';

export interface LoadSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** one request per iteration (GET: leave it empty) */
  body?: string;
  /** several requests per iteration, sent at once */
  bodies?: string[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** processes whose CPU time to report for the measured window, by name (several pids are summed) */
  watch?: Record<string, number[]>;
}

export interface LoadResult {
  /** iterations measured (requests, when each iteration is one) */
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU seconds used during the measured window by each watched name, by the load generator ('load') and by the
   * whole machine ('machine', 'machine softirq', 'machine idle'), when `watch` was given */
  cpu?: Record<string, number>;
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSecondsOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** The pids of every process whose command name is `comm` (postgres backends, nats-server). */
export function pidsNamed(comm: string): number[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && readComm(d) === comm).map(Number);
}

function readComm(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

export function cpuSnapshot(watch: Record<string, number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(watch)) out[name] = pids.reduce((t, pid) => t + cpuSecondsOf(pid), 0);
  const u = process.cpuUsage();
  out.load = (u.user + u.system) / 1e6;
  // /proc/stat's first line: user nice system idle iowait irq softirq steal (in USER_HZ)
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  out.machine = (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100;
  out['machine softirq'] = f[6] / 100;
  out['machine idle'] = (f[3] + f[4]) / 100;
  return out;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency * (spec.bodies?.length ?? 1) });
  const url = new URL(spec.url);
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stop = false;

  const bodies = spec.bodies ?? [spec.body ?? ''];
  const send = (body: string) =>
    new Promise<boolean>((resolve) => {
      const headers = body ? { ...spec.headers, 'content-length': String(Buffer.byteLength(body)) } : spec.headers;
      const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('error', () => resolve(false));
      req.end(body || undefined);
    });
  const once = async () => {
    const t0 = process.hrtime.bigint();
    const ok = await Promise.all(bodies.map(send));
    if (measuring) {
      errors += ok.filter((x) => !x).length;
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };

  const client = async () => {
    while (!stop) await once();
  };
  const clients = Array.from({ length: spec.concurrency }, client);
  await sleep(spec.warmupMs);
  const cpu0 = spec.watch && cpuSnapshot(spec.watch);
  measuring = true;
  const started = Date.now();
  await sleep(spec.durationMs);
  measuring = false;
  const elapsed = Date.now() - started;
  const cpu1 = spec.watch && cpuSnapshot(spec.watch);
  const cpu = cpu0 && cpu1 ? Object.fromEntries(Object.keys(cpu1).map((k) => [k, cpu1[k] - cpu0[k]])) : undefined;
  stop = true;
  await Promise.all(clients);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { requests: latencies.length, errors, rps: (latencies.length / elapsed) * 1000, p50: pct(50), p99: pct(99), max: latencies[latencies.length - 1] ?? NaN, cpu };
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** runLoad in a child process of its own, so the load generator's CPU is not charged to the process measuring. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [__filename, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code ? reject(new Error(`load exited ${code}`)) : resolve(JSON.parse(out))));
  });
}

// Run as a child process: the spec arrives as JSON in argv[2], the result leaves as JSON on stdout.
if (require.main === module) {
  runLoad(JSON.parse(process.argv[2])).then(
    (r) => process.stdout.write(JSON.stringify(r)),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1; // load() rejects with the exit code
    },
  );
}
