// bench/backup: a group of DOCS (100,000) documents archived and restored by the accounts service (issue 17 item 2):
// the time of "back up now" until the archive is done, of a restore into a new group and of a restore over the group,
// and the accounts process's peak RSS (VmHWM) after each. Target: peak RSS ≤ 200 MB whatever the group's size (the
// archive is streamed a page at a time). Not a test.
//
// The documents are written through the platform's DocumentStore (createManyWithin, the import's batch write) straight
// into the tickets and finance schemas: 40 % customers, 40 % tickets (about 600 bytes each) and 20 % incomes; their
// change events are dropped from the outboxes so that the services' publishers and the change feed do not work
// through 100,000 events while the backup is measured. The calls go to the accounts service over NATS with an
// administrator's context (the gateway adds nothing but the tenancy check).
//
// Needs the backends built (the npm script does it) and PostgreSQL, Redis and NATS on 127.0.0.1; its own database,
// APP_PREFIX and BACKUP_DIR, removed at the end. Run: `npm run bench:backup` (env DOCS).
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { DocumentStore, RpcClient } from '@app/platform';
import type { BackupDoc, BackupRestoreDoc, CallerContext } from '@app/proto';
import { benchStack, ROOT, waitUntil } from './stack';

const DOCS = Number(process.env.DOCS || 100_000);
const BATCH = 2000;
const SERVICES = ['accounts', 'tickets', 'finance', 'disk', 'notes', 'reader'] as const;
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(path.dirname(script)), env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** Resident and peak resident memory of a process, MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** DOCS documents of the group, batch by batch, each batch one transaction of the store's own batch write. */
async function seed(pool: Pool, account: string): Promise<Record<string, number>> {
  const tickets = new DocumentStore({ pool, schema: 'tickets', service: 'tickets' });
  const finance = new DocumentStore({ pool, schema: 'finance', service: 'finance' });
  const counts: Record<string, number> = { Customer: 0, Ticket: 0, Income: 0 };
  for (let start = 0; start < DOCS; start += BATCH) {
    const n = Math.min(BATCH, DOCS - start);
    const kind = (start / BATCH) % 5; // 2 of 5 batches customers, 2 tickets, 1 incomes
    const klass = kind < 2 ? 'Customer' : kind < 4 ? 'Ticket' : 'Income';
    const docs = Array.from({ length: n }, (_, i) => {
      const k = start + i;
      if (klass === 'Customer') return { name: `Customer ${k}`, email: `c${k}@example.com`, notes: LOREM.repeat(3) };
      if (klass === 'Ticket') return { title: `Ticket ${k}`, content: LOREM.repeat(4), status: 'open', priority: 'medium', number: k };
      return { description: `Income ${k}`, amount: 1000 + (k % 5000), date: '2026-01-15', notes: LOREM.repeat(2) };
    });
    const store = klass === 'Income' ? finance : tickets;
    await store.inTransaction((tx) => store.createManyWithin(tx, account, klass, docs, null));
    counts[klass] += n;
  }
  // the seed's change events are not part of what is measured
  await pool.query('TRUNCATE tickets.outbox, finance.outbox');
  await pool.query('ANALYZE tickets.documents; ANALYZE finance.documents');
  return counts;
}

async function main(): Promise<void> {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-disk-'));
  const stack = await benchStack({ BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off', DISK_DATA_DIR: diskDir, DISK_HTTP_PORT: String(29000 + Math.floor(Math.random() * 500)) });
  const rpc = new RpcClient(process.env.NATS_URL || 'nats://127.0.0.1:4222', 600_000);
  const pool = new Pool({ connectionString: stack.dbUrl, max: 4 });
  try {
    for (const s of SERVICES) await runToEnd(path.join(ROOT, `services/${s}/dist/migrate.js`), stack.env);
    const pids: Record<string, number> = {};
    for (const s of SERVICES) pids[s] = stack.start(s, path.join(ROOT, `services/${s}/dist/main.js`)).pid!;
    for (const s of SERVICES) await waitUntil(s, async () => ((await rpc.call(`${s}.health`, {}, { timeoutMs: 2000 })).ok ? true : undefined));

    const user = { email: 'bench@example.com', fullname: 'Bench', label: 'Bench', gravatar_hash: crypto.createHash('md5').update('bench@example.com').digest('hex'), confirmed: true };
    const base: CallerContext = { user_id: 'usr-bench', user, db: null, roles: ['usr-bench', 'user'], admin: false, token: null, request_id: crypto.randomUUID() };
    const name = 'Bench Repairs';
    const group = await rpc.call('accounts.account.create', { ctx: base, name });
    const account = group.id;
    const ctx: CallerContext = { ...base, db: account, admin: true, roles: [...base.roles, account] };

    let t = performance.now();
    const counts = await seed(pool, account);
    console.log(`seeded ${DOCS} documents (${JSON.stringify(counts)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const idle = memoryOf(pids.accounts);
    console.log(`accounts process before: rss ${idle.rss} MB, peak ${idle.peak} MB`);

    const waitBackup = (id: string) =>
      waitUntil(
        'backup',
        async () => {
          const { docs } = await rpc.call('accounts.backups.list', { ctx });
          const doc = docs.find((d) => d._id === id);
          if (doc?.status === 'failed') throw new Error(`backup failed: ${doc.error}`);
          return doc?.status === 'done' ? doc : undefined;
        },
        3_600_000,
        250,
      );
    const waitRestore = (id: string) =>
      waitUntil(
        'restore',
        async () => {
          const doc: BackupRestoreDoc = await rpc.call('accounts.backups.restore.get', { ctx, restore_id: id });
          if (doc.status === 'failed') throw new Error(`restore failed: ${doc.error}`);
          return doc.status === 'done' ? doc : undefined;
        },
        3_600_000,
        250,
      );

    t = performance.now();
    const made: BackupDoc = await rpc.call('accounts.backups.create', { ctx });
    const done = await waitBackup(made._id);
    const archiveS = (performance.now() - t) / 1000;
    const afterArchive = memoryOf(pids.accounts);

    t = performance.now();
    const intoNew = await rpc.call('accounts.backups.restore', { ctx, backup_id: done._id, mode: 'new' });
    const restoredNew = await waitRestore(intoNew._id);
    const restoreNewS = (performance.now() - t) / 1000;
    const afterRestore = memoryOf(pids.accounts);

    t = performance.now();
    const over = await rpc.call('accounts.backups.restore', { ctx, backup_id: done._id, mode: 'replace', confirm: name });
    await waitRestore(over._id);
    const restoreReplaceS = (performance.now() - t) / 1000;
    const afterReplace = memoryOf(pids.accounts);

    const result = {
      documents: DOCS,
      archive: { seconds: +archiveS.toFixed(1), bytes: done.size, counts: done.counts, docs_per_s: Math.round(DOCS / archiveS) },
      restore_into_new_group: { seconds: +restoreNewS.toFixed(1), counts: restoredNew.counts, docs_per_s: Math.round(DOCS / restoreNewS) },
      restore_over_the_group: { seconds: +restoreReplaceS.toFixed(1), docs_per_s: Math.round(DOCS / restoreReplaceS) },
      accounts_rss_mb: { before: idle.rss, after_archive: afterArchive.rss, after_restores: afterReplace.rss },
      accounts_peak_rss_mb: { before: idle.peak, after_archive: afterArchive.peak, after_restore_new: afterRestore.peak, after_restore_replace: afterReplace.peak },
      target_peak_rss_mb: 200,
      within_target: afterReplace.peak <= 200,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await rpc.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await stack.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
    fs.rmSync(diskDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
