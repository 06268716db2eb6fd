import { execFile } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { promisify } from 'util';
import { createGroup, createToken, signUp, Stack, startStack } from './harness';

// rclone (Debian) against a group's disk over WebDAV through the gateway, as people sync a folder with it: a tree of
// 400 files copied up, checked byte for byte, copied down, then synced after local changes.

const run = promisify(execFile);
let stack: Stack;
let work: string;
beforeAll(async () => {
  stack = await startStack('rclone');
  work = await mkdtemp(path.join(tmpdir(), 'rclone-'));
}, 60_000);
afterAll(async () => {
  await stack?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** 400 files in 20 folders (names with spaces and accents), 0 to 20 kB each. */
async function makeTree(root: string): Promise<void> {
  for (let d = 0; d < 20; d++) {
    const dir = path.join(root, d % 3 === 0 ? `pasta ${d} ção` : `dir-${d}`);
    await mkdir(dir, { recursive: true });
    for (let f = 0; f < 20; f++) await writeFile(path.join(dir, `file ${f}.bin`), randomBytes((d * 997 + f * 131) % 20_000));
  }
}

/** relative path → sha256 of every file under root */
async function digest(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(root, full), createHash('sha256').update(await readFile(full)).digest('hex'));
  }
  return out;
}

it('rclone copies a tree of 400 files up, checks it byte for byte, copies it down identical, and syncs changes', async () => {
  const owner = await signUp(stack, { confirm: true });
  const group = await createGroup(owner, 'Rclone shop');
  const token = await createToken(owner);
  const { stdout: obscured } = await run('rclone', ['obscure', token]);
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(work, 'rclone.conf'),
    RCLONE_CONFIG_DISK_TYPE: 'webdav',
    RCLONE_CONFIG_DISK_URL: `${stack.url}/dav/${group.id}/`,
    RCLONE_CONFIG_DISK_VENDOR: 'other',
    RCLONE_CONFIG_DISK_USER: owner.email,
    RCLONE_CONFIG_DISK_PASS: obscured.trim(),
  };
  // each call logs every request it makes (DEBUG); a call that fails or outlasts its bound shows the end of its log
  let calls = 0;
  const rclone = async (...args: string[]) => {
    const log = path.join(work, `rclone-${++calls}-${args[0]}.log`);
    try {
      return await run('rclone', [...args, '--transfers', '4', '--checkers', '4', '--retries', '1', '--log-file', log, '--log-level', 'DEBUG'], { env, timeout: 120_000, maxBuffer: 16 << 20 });
    } catch (err) {
      const lines = (await readFile(log, 'utf8').catch(() => '')).trim().split('\n');
      throw new Error(`rclone ${args.join(' ')}: ${String(err)}\n… the last 60 of its ${lines.length} log lines:\n${lines.slice(-60).join('\n')}`, { cause: err });
    }
  };
  const up = path.join(work, 'up');
  const down = path.join(work, 'down');
  await makeTree(up);
  const local = await digest(up);
  expect(local.size).toBe(400);

  await rclone('copy', up, 'disk:tree');
  await rclone('check', up, 'disk:tree', '--download'); // exits non-zero on any difference
  await rclone('copy', 'disk:tree', down);
  expect(await digest(down)).toEqual(local);

  // local changes: one file rewritten, one deleted, one added; sync makes the disk the same
  await writeFile(path.join(up, 'dir-1', 'file 3.bin'), 'changed');
  await unlink(path.join(up, 'dir-2', 'file 4.bin'));
  await writeFile(path.join(up, 'dir-2', 'new file.txt'), 'added');
  await rclone('sync', up, 'disk:tree');
  await rclone('check', up, 'disk:tree', '--download');
  const { stdout: listed } = await rclone('lsf', '-R', '--files-only', 'disk:tree');
  expect(listed.trim().split('\n').sort()).toEqual([...(await digest(up)).keys()].sort());
  // The bound is the sum of the seven calls' (120 s each, which none has reached), not a figure of the WebDAV's speed.
  // It once took 276–292 s, and 173–226 s as late as 2026-11-28, within clean-clone jest runs, against 33–36 s alone.
  // The cause was the jest worker, not the disk: a worker that had run a hundred files carried 1.5 GB of heap (about
  // half of it kept by prom-client's GC observers of every earlier stack, metrics-registry.ts), and each of its
  // collections was that much longer. With the observers closed and a worker started again past 600 MB of heap
  // (jest.config.js), it took 41–60 s there.
}, 600_000);
