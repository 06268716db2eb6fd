import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { hostShared, installedVersion } from '@app/module-kit/build';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildInfo } from './src/app/build-info';

// The host of Module Federation: remotes are registered at run time (src/federation/load-module.ts); the libraries
// every remote needs are shared singletons so a remote uses the shell's copy (@app/ui federation/host-singletons.ts,
// docs/decisions.md "Host singletons"). react-router and react-query are shared tree-shaken: only the exports the shell
// and the remotes use.
// @mantine/core is offered to the remotes at run time instead (src/federation/load-module.ts shareMantine): as a
// build-time shared module it is one 81 kB-gzip chunk that the login page would load whole. Its version for that:
const MANTINE_VERSION = installedVersion('@mantine/core', path.dirname(fileURLToPath(import.meta.url)));

// The version and release date the footer shows (src/app/build-info.ts): the environment's, else git's, else today.
const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: path.dirname(fileURLToPath(import.meta.url)), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
};
const ROOT_VERSION = (JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }).version;
const APP_BUILD = buildInfo({ env: process.env, packageVersion: ROOT_VERSION, commit: git('rev-parse', '--short', 'HEAD'), commitDate: git('log', '-1', '--format=%cs'), now: new Date() });

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      dts: false,
      experiments: { optimization: { target: 'web' } },
      shared: hostShared(),
    }),
  ],
  source: { define: { MANTINE_VERSION: JSON.stringify(MANTINE_VERSION), APP_BUILD: JSON.stringify(APP_BUILD) } },
  // proto from its TypeScript sources (its browser entry): no build of proto first, and only what is used is bundled
  resolve: { alias: { '@app/proto': fileURLToPath(new URL('../../proto/src/browser.ts', import.meta.url)) } },
  html: { title: 'ServiceDesk', template: './src/index.html' },
  output: { assetPrefix: '/', distPath: { root: 'dist' } },
  server: {
    port: 3001,
    historyApiFallback: true,
    proxy: { '/_session': 'http://127.0.0.1:3000', '/_users': 'http://127.0.0.1:3000', '/accounts': 'http://127.0.0.1:3000' },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
