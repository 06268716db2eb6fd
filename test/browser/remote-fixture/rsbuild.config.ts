import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

// A tiny Module Federation remote for the browser tests and bench/shell: `hello` exposes ./Page, a heading rendered
// with the host's react and Mantine (shared singletons, the same shared config as frontends/shell/rsbuild.config.ts).
// Built into dist/hello/ (test/browser/prepare.sh); the gateway serves dist/ as /modules/ (MODULES_DIR).
const singleton = { singleton: true, requiredVersion: false as const };

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'hello',
      exposes: { './Page': './src/Page.tsx' },
      dts: false,
      shared: {
        react: singleton,
        'react-dom': singleton,
        // as in the host: the shell's tree-shaken copy serves the remote when it has every export the remote uses
        '@mantine/core': { ...singleton, treeShaking: { mode: 'runtime-infer' } },
      },
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  tools: { htmlPlugin: false },
  output: { assetPrefix: '/modules/hello/', distPath: { root: 'dist/hello' }, cleanDistPath: true },
});
