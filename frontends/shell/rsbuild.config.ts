import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The host of Module Federation: remotes are registered at run time (src/federation/load-module.ts); the libraries
// every remote needs are shared singletons so a remote uses the shell's copy.
const singleton = { singleton: true, requiredVersion: false as const };
// @mantine/core is offered to the remotes at run time instead (src/federation/load-module.ts shareMantine): as a
// build-time shared module it is one 81 kB-gzip chunk that the login page would load whole. Its version for that:
const requireHere = createRequire(path.join(process.cwd(), 'package.json'));
const mantineRoot = path.resolve(path.dirname(requireHere.resolve('@mantine/core')), '..');
const MANTINE_VERSION = (JSON.parse(readFileSync(path.join(mantineRoot, 'package.json'), 'utf8')) as { version: string }).version;
// runtime-infer keeps only the exports the shell uses; these lists add what a module's Page may use, since a remote
// needing an export the shell's copy lacks would get a second instance, outside the shell's router or query client
const REMOTE_ROUTER_API = [
  'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'useNavigate', 'useParams', 'useLocation', 'useSearchParams',
  'useMatch', 'useHref', 'useResolvedPath', 'useOutletContext', 'useInRouterContext', 'matchPath', 'matchRoutes',
  'generatePath', 'createSearchParams', 'resolvePath', 'useRoutes',
];
const REMOTE_QUERY_API = [
  'QueryClient', 'QueryClientProvider', 'QueryClientContext', 'useQuery', 'useQueries', 'useInfiniteQuery', 'useMutation',
  'useQueryClient', 'useIsFetching', 'useIsMutating', 'useMutationState', 'keepPreviousData', 'skipToken', 'queryOptions',
  'infiniteQueryOptions',
];
// A shared library is not tree-shaken unless asked: for the big ones runtime-infer ships the exports used.

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      dts: false,
      experiments: { optimization: { target: 'web' } },
      shared: {
        react: singleton,
        'react-dom': singleton,
        'react-router': { ...singleton, treeShaking: { mode: 'runtime-infer', usedExports: REMOTE_ROUTER_API } },
        '@tanstack/react-query': { ...singleton, treeShaking: { mode: 'runtime-infer', usedExports: REMOTE_QUERY_API } },
        i18next: singleton,
        'react-i18next': singleton,
      },
    }),
  ],
  source: { define: { MANTINE_VERSION: JSON.stringify(MANTINE_VERSION) } },
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
