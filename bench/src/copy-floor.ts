// The floor of a bulk import: PostgreSQL's own COPY of the rows the product wrote (the same columns, the same jsonb
// bodies as stored) into a fresh table built LIKE the product's, INCLUDING ALL (its indexes — the partial per-klass
// ones, the trigram GiST —, defaults, storage, extended statistics) plus its storage parameters.
//
// A fresh table in a scratch schema rather than the same table under another account id: the product's import began on
// an all-but-empty table, and so does this COPY; the same table would hold the import's 100,000 rows already (deeper
// B-trees and GiST to insert into: a slower floor, flattering the product) and would keep 100,000 more rows that change
// the statistics of the lists measured afterwards. What the copy leaves out is the product's own work: the outbox's
// change event per document, the wallet's balance, the import's progress. A trigger on the product's table would be
// left out too (LIKE copies none): the floor says so when there is one.
//
// psql (the PostgreSQL client, C) sends the rows over the same TCP connection kind the services use, the COPY's own time
// taken by its \timing (from the statement sent to its end, the rows' transfer included; psql's start and log-in not).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { cpuSecondsOf } from './load';

const COLUMNS = 'account_id, id, klass, rev, deleted, body, created_at, updated_at, size';

export interface CopyResult {
  rows: number;
  seconds: number;
  /** bytes of COPY text sent */
  bytes: number;
  /** CPU seconds of the COPY's PostgreSQL backend (its connection's whole life: the COPY is nearly all of it), and of psql */
  cpu: { postgres: number; psql: number };
  /** what the floor does not do that the product's table would (its triggers) */
  notes: string[];
}

/** Runs one statement in psql with its standard output into `fd`. */
function psqlInto(dbUrl: string, statement: string, fd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-v', 'ON_ERROR_STOP=1', dbUrl, '-c', statement], { stdio: ['ignore', fd, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}`))));
  });
}

/**
 * Copies the rows of `table` matching `where` (SQL, no parameters: the bench's own ids) out as COPY text (not timed),
 * then times COPY FROM STDIN of them into `scratch`.documents, made LIKE `table`; drops `scratch` afterwards.
 */
export async function copyFloor(dbUrl: string, table: string, where: string, scratch = 'bench_copy_floor'): Promise<CopyResult> {
  const file = path.join(os.tmpdir(), `${scratch}-${process.pid}.copy`);
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const fd = fs.openSync(file, 'w');
    try {
      await psqlInto(dbUrl, `COPY (SELECT ${COLUMNS} FROM ${table} WHERE ${where}) TO STDOUT`, fd);
    } finally {
      fs.closeSync(fd);
    }
    const notes: string[] = [];
    const triggers = await db.query<{ tgname: string }>(`SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal`, [table]);
    if (triggers.rows.length) notes.push(`the product's table has triggers the copy does not run: ${triggers.rows.map((t) => t.tgname).join(', ')}`);
    await db.query(`DROP SCHEMA IF EXISTS ${scratch} CASCADE`);
    await db.query(`CREATE SCHEMA ${scratch}`);
    await db.query(`CREATE TABLE ${scratch}.documents (LIKE ${table} INCLUDING ALL)`);
    const options = (await db.query<{ reloptions: string[] | null }>(`SELECT reloptions FROM pg_class WHERE oid = $1::regclass`, [table])).rows[0]?.reloptions;
    if (options?.length) await db.query(`ALTER TABLE ${scratch}.documents SET (${options.join(', ')})`);

    // the script and the rows on psql's standard input: \timing, the backend's pid, the COPY, its rows, the end
    // marker; psql's input is held open until the COPY is through, for its backend's CPU time, then closed
    const child = spawn('psql', ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', dbUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const copied = new Promise<{ postgres: number; psql: number }>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        out += d;
        const backend = /^(\d+)$/m.exec(out)?.[1];
        if (backend && /^COPY \d+$/m.test(out) && /^COPY \d+\nTime: /m.test(out)) resolve({ postgres: cpuSecondsOf(Number(backend)), psql: cpuSecondsOf(child.pid!) });
      });
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`psql exited with ${code} before the COPY was through: ${out.slice(0, 300)}`)));
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const input = child.stdin!;
    input.write(`\\timing on\nSELECT pg_backend_pid();\nCOPY ${scratch}.documents (${COLUMNS}) FROM STDIN;\n`);
    const rows = fs.createReadStream(file);
    rows.pipe(input, { end: false });
    await new Promise<void>((resolve, reject) => rows.on('end', resolve).on('error', reject));
    input.write('\\.\n');
    const cpu = await copied;
    input.end();
    await exited;
    const ms = /^COPY \d+\nTime: ([\d.]+) ms/m.exec(out)?.[1];
    if (!ms) throw new Error(`no time in psql's output: ${out.slice(0, 300)}`);
    const count = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${scratch}.documents`)).rows[0].n;
    return { rows: count, seconds: Number(ms) / 1000, bytes: fs.statSync(file).size, cpu, notes };
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS ${scratch} CASCADE`).catch(() => undefined);
    await db.end();
    fs.rmSync(file, { force: true });
  }
}
