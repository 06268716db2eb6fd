import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The frontends' unit and component tests (root `npm test` runs `vitest run --root frontends` after jest).
// @app/proto is read from its TypeScript sources (its browser entry), as the Rsbuild builds do: no build of proto first.
//
// Test files share their worker's module cache (`isolate: false`): a fresh jsdom and a fresh import of Mantine, React
// and i18n per file cost ~3 s of the ~3.6 s a file took, and the suite went from 9 min to under 1.5 min. A file that
// replaces a module with vi.mock needs its own module cache (the mock would leak into, or miss, the shared one), so
// every file that calls vi.mock runs in the isolated project; test-setup.ts resets what files could leave behind.
const root = path.dirname(fileURLToPath(import.meta.url));
const include = ['*/src/**/*.test.{ts,tsx}', '*.test.ts'];

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(full, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(root, full));
  }
  return out;
}
// a file may also ask for it with the comment `vitest: isolate` (it depends on state other files leave behind)
const mocking = testFiles(root).filter((f) => /\bvi\.(do)?mock\(|vitest: isolate/.test(readFileSync(path.join(root, f), 'utf8')));

export default defineConfig({
  resolve: { alias: { '@app/proto': fileURLToPath(new URL('../proto/src/browser.ts', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test-setup.ts'],
    css: false,
    // a loaded machine (CI runners, parallel builds) renders Mantine pages slowly: time out on hangs, not on slowness
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking.length ? mocking : ['no-such-file'], isolate: true } },
    ],
  },
});
