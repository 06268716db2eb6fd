import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

// The host of Module Federation: remotes are registered at run time (src/federation/load-module.ts); the libraries
// every remote needs are shared singletons so a remote uses the shell's copy.
const singleton = { singleton: true, requiredVersion: false as const };
// A shared library is not tree-shaken (STACK.md: @mantine/core 414 kB): for the big ones runtime-infer ships the exports
// the shell uses, and a remote needing more loads the full copy from dist/independent-packages/.

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      dts: false,
      shared: {
        react: singleton,
        'react-dom': singleton,
        'react-router': { ...singleton, treeShaking: { mode: 'runtime-infer' } },
        '@tanstack/react-query': { ...singleton, treeShaking: { mode: 'runtime-infer' } },
        i18next: singleton,
        'react-i18next': singleton,
                '@mantine/core': { ...singleton, treeShaking: { mode: 'runtime-infer' } },
      },
    }),
  ],
  html: { title: 'ServiceDesk', template: './src/index.html' },
  output: { assetPrefix: '/', distPath: { root: 'dist' } },
  server: {
    port: 3001,
    historyApiFallback: true,
    proxy: { '/_session': 'http://127.0.0.1:3000', '/_users': 'http://127.0.0.1:3000', '/accounts': 'http://127.0.0.1:3000' },
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
});
