// bench/changes: the delay from a write being acknowledged (committed by the writing service) to its entry being
// readable from `_changes`, under a steady 200 writes/s. Path: store → outbox → JetStream → accounts consumer →
// change log → accounts.changes.get over NATS. Prints p50/p99/max. Target p99 ≤ 200 ms.
// Run: `npm run bench:changes` (env RATE, SECONDS). Needs `npm run build` and the local servers.
import path from 'node:path';
import { RpcClient } from '@app/platform';
import type { CallerContext } from '@app/proto';
import { benchStack, percentile, ROOT, waitUntil } from './stack';
import { ticketWriter } from './writer';

const RATE = Number(process.env.RATE || 200);
const SECONDS = Number(process.env.SECONDS || 20);

async function main() {
  const stack = await benchStack();
  const rpc = new RpcClient(process.env.NATS_URL || 'nats://127.0.0.1:4222', 5000);
  try {
    stack.start('accounts', path.join(ROOT, 'services/accounts/dist/main.js'));
    await rpc.connect();
    await waitUntil('accounts service', async () => ((await rpc.call('accounts.health', {})).ok ? true : undefined));
    const writer = await ticketWriter(stack.dbUrl, stack.run);
    const account = `acc-${stack.run}`;
    const ctx: CallerContext = { user_id: 'usr-bench', db: account, roles: [], admin: true, token: null, request_id: 'bench' };

    const acked = new Map<string, number>();
    const delays: number[] = [];
    let done = false;
    let endedAt = Infinity;
    let since = 0;
    const poller = (async () => {
      while (!done || delays.length < acked.size) {
        const r = await rpc.call('accounts.changes.get', { ctx, since, descending: false, limit: 1000 });
        const now = performance.now();
        for (const e of r.results) {
          const t = acked.get(e.id);
          if (t !== undefined) delays.push(Math.max(0, now - t));
        }
        since = Math.max(since, r.last_seq);
        if (!r.results.length) await new Promise((ok) => setTimeout(ok, 2));
        if (done && performance.now() - endedAt > 10_000) break;
      }
    })();

    const total = RATE * SECONDS;
    const started = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
      writes.push(
        writer.store.create(account, { klass: 'Ticket', title: `ticket ${i}`, status: 'open' }, 'usr-bench').then((doc) => {
          acked.set(doc._id, performance.now());
        }),
      );
    }
    await Promise.all(writes);
    const elapsed = (performance.now() - started) / 1000;
    endedAt = performance.now();
    done = true;
    await poller;
    await writer.close();

    delays.sort((a, b) => a - b);
    console.log(`${total} writes in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} writes/s), ${delays.length} seen in _changes`);
    console.log(`write acknowledged → readable in _changes: p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${delays[delays.length - 1]?.toFixed(1)} ms (target p99 ≤ 200 ms)`);
    if (delays.length !== total) process.exitCode = 1;
  } finally {
    await rpc.close();
    await stack.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
