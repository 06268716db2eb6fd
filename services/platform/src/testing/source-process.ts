import { spawn, type ChildProcess } from 'child_process';
import path from 'path';

// Starts a service's entry point (e.g. services/tickets/src/main.ts) as a process of its own, from its sources, for
// tests that must stop a process the hard way (kill -9). The child compiles TypeScript with swc and maps the
// workspace packages to their sources exactly as jest does (jest.config.js: its transform and moduleNameMapper), so
// no build is needed and the child runs the code under test.

export const ROOT = path.resolve(__dirname, '../../../..');

/** The child's preamble: a require hook for .ts files and jest's package mapping, then the entry point. */
export function preamble(script: string): string {
  return `
const fs = require('fs');
const Module = require('module');
const config = require(${JSON.stringify(path.join(ROOT, 'jest.config.js'))});
const { transformSync } = require('@swc/core');
const root = ${JSON.stringify(ROOT)};
const swc = Object.values(config.transform)[0][1];
const mapped = Object.entries(config.moduleNameMapper).map(([from, to]) => [new RegExp(from), to.replace('<rootDir>', root)]);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  for (const [re, to] of mapped) if (re.test(request)) return resolve.call(this, request.replace(re, to), ...rest);
  return resolve.call(this, request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...swc, filename, module: { type: 'commonjs' } });
  module._compile(code, filename);
};
require(${JSON.stringify(path.resolve(ROOT, script))});
`;
}

/** Spawns `script` (relative to the repository root) with `env`; its stderr is kept in `output()` for a failing test. */
export function spawnFromSource(script: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, ['-e', preamble(script)], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-20_000)));
  return { child, output: () => err };
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}
