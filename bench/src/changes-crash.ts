// bench/changes-crash: kill -9 the accounts service while another service makes 1,000 writes (800 creates, 100
// updates, 100 deletes), start it again, and check that `_changes` holds every write exactly once and that the
// counters equal the number of live documents. Prints the figures and exits 1 when anything is off.
// Run: `npm run bench:changes-crash`. Needs `npm run build` and the local servers.
import path from 'node:path';
import { ChildProcess } from 'node:child_process';
import { RpcClient } from '@app/platform';
import type { CallerContext } from '@app/proto';
import { benchStack, ROOT, waitUntil } from './stack';
import { ticketWriter } from './writer';

const RATE = 200;

async function main() {
  const stack = await benchStack();
  const rpc = new RpcClient(process.env.NATS_URL || 'nats://127.0.0.1:4222', 5000);
  const script = path.join(ROOT, 'services/accounts/dist/main.js');
  let ok: boolean;
  try {
    let accounts: ChildProcess = stack.start('accounts', script);
    await rpc.connect();
    const healthy = () => waitUntil('accounts service', async () => ((await rpc.call('accounts.health', {})).ok ? true : undefined));
    await healthy();
    const writer = await ticketWriter(stack.dbUrl, stack.run);
    const account = `acc-${stack.run}`;
    const ctx: CallerContext = { user_id: 'usr-bench', db: account, roles: [], admin: true, token: null, request_id: 'bench' };

    // 1,000 writes at 200/s: the kill lands at write 300, the restart one second later
    const written: { id: string; rev: string }[] = [];
    const created: { id: string; rev: string }[] = [];
    const pace = (i: number, t0: number) => new Promise((r) => setTimeout(r, Math.max(0, t0 + (i * 1000) / RATE - performance.now())));
    const t0 = performance.now();
    let restart: Promise<void> | undefined;
    for (let i = 0; i < 1000; i++) {
      await pace(i, t0);
      if (i === 300) {
        accounts.kill('SIGKILL');
        console.log('write 300: accounts service killed with SIGKILL');
        restart = new Promise((r) => setTimeout(r, 1000)).then(() => {
          accounts = stack.start('accounts', script);
          console.log('accounts service started again');
        });
      }
      let doc;
      if (i < 800) {
        doc = await writer.store.create(account, { klass: 'Ticket', title: `ticket ${i}`, status: 'open' }, 'usr-bench');
        created.push({ id: doc._id, rev: doc._rev });
      } else if (i < 900) {
        const c = created[i - 800];
        doc = await writer.store.update(account, c.id, c.rev, { klass: 'Ticket', title: `ticket ${i} (edited)`, status: 'doing' }, 'usr-bench');
        created[i - 800] = { id: doc._id, rev: doc._rev };
      } else {
        const c = created[i - 900 + 100]; // delete tickets 100..199, not the edited ones
        doc = await writer.store.remove(account, c.id, c.rev, 'usr-bench');
      }
      written.push({ id: doc._id, rev: doc._rev });
    }
    await restart;
    await healthy();
    const live = 800 - 100;

    // read the whole feed, oldest first
    const readAll = async () => {
      const entries: { id: string; rev: string }[] = [];
      let since = 0;
      for (;;) {
        const r = await rpc.call('accounts.changes.get', { ctx, since, descending: false, limit: 500 });
        for (const e of r.results) entries.push({ id: e.id, rev: e.changes[0].rev });
        if (!r.results.length) return entries;
        since = r.last_seq;
      }
    };
    const t1 = performance.now();
    const entries = await waitUntil('every write in _changes', async () => {
      const e = await readAll();
      return e.length >= written.length ? e : undefined;
    }, 60_000, 500);
    console.log(`all writes readable ${((performance.now() - t1) / 1000).toFixed(1)} s after the last write`);
    await writer.close();

    const keys = entries.map((e) => `${e.id}@${e.rev}`);
    const unique = new Set(keys);
    const missing = written.filter((w) => !unique.has(`${w.id}@${w.rev}`)).length;
    const view = await rpc.call('accounts.doc.view', { ctx, design: 'count-by-klass', view: 'all', params: { group_level: 1 } });
    const ticketRow = view.rows.find((r) => r.key === 'Ticket');
    const counted = (ticketRow?.value as { count: number } | undefined)?.count;
    const info = await rpc.call('accounts.db.info', { ctx });

    console.log(`writes ${written.length}, _changes entries ${entries.length}, distinct ${unique.size}, duplicates ${keys.length - unique.size}, missing ${missing}`);
    console.log(`Ticket counter ${counted}, live tickets ${live}, doc_count ${info.doc_count}, update_seq ${info.update_seq}`);
    ok = entries.length === written.length && unique.size === written.length && missing === 0 && counted === live;
    console.log(ok ? 'OK: every write once, counters exact' : 'FAILED');
  } finally {
    await rpc.close();
    await stack.close();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
