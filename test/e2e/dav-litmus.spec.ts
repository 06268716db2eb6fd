import { execFile } from 'child_process';
import { mkdtemp, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { promisify } from 'util';
import { createGroup, createToken, signUp, Stack, startStack } from './harness';

// WebDAV of a group's disk against litmus 0.13 (Debian), through the gateway with HTTP Basic (e-mail and a user
// token): all five suites, every test passed (104/104).

const run = promisify(execFile);
let stack: Stack;
beforeAll(async () => {
  stack = await startStack('litmus');
}, 60_000);
afterAll(() => stack?.close());

/** `<-- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%` → {basic: [16, 16]} */
function summaries(output: string): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const m of output.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed/g)) out[m[1]] = [Number(m[2]), Number(m[3])];
  return out;
}

it('passes litmus 104/104 (basic 16, copymove 13, props 30, locks 41, http 4) at /dav/{account_id}/ with an e-mail and a user token', async () => {
  const owner = await signUp(stack, { confirm: true });
  const group = await createGroup(owner, 'Litmus shop');
  const token = await createToken(owner);
  // litmus writes debug.log and child.log where it runs
  const cwd = await mkdtemp(path.join(tmpdir(), 'litmus-'));
  const { stdout } = await run('litmus', ['-k', `${stack.url}/dav/${group.id}/`, owner.email, token], { cwd, timeout: 240_000, maxBuffer: 4 << 20 })
    .catch((err: { stdout?: string; stderr?: string }) => ({ stdout: `${err.stdout ?? ''}${err.stderr ?? ''}` }))
    .finally(() => rm(cwd, { recursive: true, force: true }));
  const failed = stdout
    .split('\n')
    .filter((l) => /FAIL|WARNING|SKIPPED/.test(l))
    .map((l) => /(\d+)\. (\w+)\.+ (FAIL|WARNING|SKIPPED)/.exec(l)?.slice(1, 4).join(' ') ?? l);
  expect({ suites: summaries(stdout), failed }).toEqual({
    suites: { basic: [16, 16], copymove: [13, 13], props: [30, 30], locks: [41, 41], http: [4, 4] },
    failed: [],
  });
}, 300_000);
