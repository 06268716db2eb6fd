// A closed-loop HTTP load generator run in its own process, so its CPU use is not charged to the server
// measured: `concurrency` clients each send the next iteration as soon as the previous one is answered. An iteration is
// one request, or several sent at once (`bodies`: e.g. the queries a screen sends together), and lasts until the last
// answer.
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
}

export interface LoadResult {
  /** iterations measured (requests, when each iteration is one) */
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
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
  measuring = true;
  const started = Date.now();
  await sleep(spec.durationMs);
  measuring = false;
  const elapsed = Date.now() - started;
  stop = true;
  await Promise.all(clients);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
  return { requests: latencies.length, errors, rps: (latencies.length / elapsed) * 1000, p50: pct(50), p99: pct(99), max: latencies[latencies.length - 1] ?? NaN };
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

// Run as a child process: the spec arrives as JSON in argv[2], the result leaves as JSON on stdout.
if (require.main === module) {
  runLoad(JSON.parse(process.argv[2])).then((r) => {
    process.stdout.write(JSON.stringify(r));
  });
}
