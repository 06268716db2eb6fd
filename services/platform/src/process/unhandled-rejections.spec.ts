import { spawn } from 'child_process';
import path from 'path';

// A promise that rejects with nothing to handle it ends a Node process; with the guard every process of the product
// installs in its main, the process logs it, counts it and goes on.

const ROOT = path.resolve(__dirname, '../../../..');

function run(guard: boolean): Promise<{ code: number | null; out: string; err: string }> {
  const preamble = `
const fs = require('fs');
const { transformSync } = require('@swc/core');
const config = require(${JSON.stringify(path.join(ROOT, 'jest.config.js'))});
const swc = Object.values(config.transform)[0][1];
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...swc, filename, module: { type: 'commonjs' } });
  module._compile(code, filename);
};
require(${JSON.stringify(path.join(__dirname, 'testing/reject-once.ts'))});
`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', preamble], { cwd: ROOT, env: { ...process.env, GUARD: guard ? '1' : '0' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('keepRunningOnUnhandledRejections', () => {
  it('without it, one unhandled rejection ends the process (what took the gateway down)', async () => {
    const { code, out } = await run(false);
    expect(code).not.toBe(0);
    expect(out).not.toContain('alive');
  });

  it('with it, the process logs the rejection with its stack, counts it and goes on', async () => {
    const { code, out, err } = await run(true);
    expect(code).toBe(0);
    expect(out).toContain('alive 1');
    expect(`${out}${err}`).toContain('nobody handles me');
  });
});
