import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The frontends' unit and component tests (root `npm test` runs `vitest run --root frontends` after jest).
// @app/proto is read from its TypeScript sources (its browser entry), as the Rsbuild builds do: no build of proto first.
export default defineConfig({
  resolve: { alias: { '@app/proto': fileURLToPath(new URL('../proto/src/browser.ts', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['*/src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./test-setup.ts'],
    css: false,
    // a loaded machine (CI runners, parallel builds) renders Mantine pages slowly: time out on hangs, not on slowness
    testTimeout: 20_000,
  },
});
