import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { fileURLToPath } from 'node:url';

// The notes module remote: `notes` exposes ./Page (handbooks, the wiki, bookmarks and search under /account/:account_id/),
// served by the gateway as /modules/notes/ (manifest /modules/notes/mf-manifest.json). The shared singletons are
// configured exactly as in frontends/shell/rsbuild.config.ts, so the remote runs on the shell's react, router, query
// client, i18next instance and Mantine theme.
const singleton = { singleton: true, requiredVersion: false as const };
// The tree-shaken shared libraries and Mantine are taken from the shell only (`import: false`: this remote provides no
// copy of its own). Otherwise the runtime's tie-break between two registrations of one version (the shell has
// loaded only its tree-shaken copy, not the full one) swaps the remote's copy in for every
// later consumer. The remote may still get the shell's *full* react-router / react-query copy rather than the loaded
// tree-shaken one (whose contexts the shell fills): src/app/context-bridge.tsx covers that case.
const fromShell = { ...singleton, import: false as const, treeShaking: { mode: 'runtime-infer' as const } };

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'notes',
      exposes: { './Page': './src/Page.tsx' },
      dts: false,
      shared: {
        react: singleton,
        'react-dom': singleton,
        'react-router': fromShell,
        '@tanstack/react-query': fromShell,
        i18next: singleton,
        'react-i18next': singleton,
        // the shell registers its whole @mantine/core at run time (frontends/shell/src/federation/load-module.ts)
        '@mantine/core': { ...singleton, import: false as const },
      },
    }),
  ],
  // a remote is used through its exposes only; the entry exists because Rsbuild needs one
  source: { entry: { index: './src/index.ts' } },
  // proto from its TypeScript sources (its browser entry): no build of proto first, and only what is used is bundled
  resolve: { alias: { '@app/proto': fileURLToPath(new URL('../../proto/src/browser.ts', import.meta.url)) } },
  tools: { htmlPlugin: false },
  output: { assetPrefix: '/modules/notes/', distPath: { root: 'dist' }, cleanDistPath: true },
});
