import { execFile } from 'child_process';
import { promisify } from 'util';
import { createGroup, createToken, signUp, Stack, startStack } from './harness';

// WebDAV of a group's disk against litmus 0.13 (Debian), through the gateway with HTTP Basic (e-mail and a user
// token): all five suites. Two lock tests are still open behind the gateway (locks 19 and 20, a PUT whose If header
// has two lists with entity tags answers 400): they are named here, so any other failure, or these two passing, shows.

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

it('passes litmus basic 16/16, copymove 13/13, props 30/30, http 4/4 and locks 39/41 (all but complex_cond_put and fail_complex_cond_put) at /dav/{account_id}/', async () => {
  const owner = await signUp(stack, { confirm: true });
  const group = await createGroup(owner, 'Litmus shop');
  const token = await createToken(owner);
  const { stdout } = await run('litmus', ['-k', `${stack.url}/dav/${group.id}/`, owner.email, token], { timeout: 240_000, maxBuffer: 4 << 20 }).catch(
    (err: { stdout?: string; stderr?: string }) => ({ stdout: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
  );
  const failed = stdout
    .split('\n')
    .filter((l) => /FAIL|WARNING|SKIPPED/.test(l))
    .map((l) => /(\d+)\. (\w+)\.+ (FAIL|WARNING|SKIPPED)/.exec(l)?.slice(1, 4).join(' ') ?? l);
  expect({ suites: summaries(stdout), failed }).toEqual({
    suites: { basic: [16, 16], copymove: [13, 13], props: [30, 30], locks: [41, 39], http: [4, 4] },
    failed: ['19 complex_cond_put FAIL', '20 fail_complex_cond_put FAIL'],
  });
}, 300_000);
