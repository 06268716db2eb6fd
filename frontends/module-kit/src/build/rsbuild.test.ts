import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_SINGLETON_NAMES, HOST_SINGLETONS } from '@app/ui';
import { bundledCopy, hostShared, installedVersion, manifestCopies, remoteShared, SHELL_DIR, unservedImport, versionMismatches } from './rsbuild';

const FRONTENDS = path.resolve(SHELL_DIR, '..');
const ROOT = path.resolve(FRONTENDS, '..');
/** The module remotes: the workspaces under frontends/ that are neither the shell nor a library. */
const REMOTES = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
  .filter((w) => w.startsWith('frontends/') && !['frontends/shell', 'frontends/ui', 'frontends/module-kit'].includes(w))
  .map((w) => path.join(ROOT, w));

describe('the shared configuration of host and remotes (docs/decisions.md, "Host singletons")', () => {
  it('has the remotes take every singleton from the shell only, at the version the shell is built with', () => {
    const shared = remoteShared();
    expect(Object.keys(shared).sort()).toEqual([...HOST_SINGLETON_NAMES].sort());
    expect(Object.keys(shared)).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', '@tanstack/react-query', '@mantine/core']));
    for (const name of HOST_SINGLETON_NAMES) {
      expect(shared[name], name).toEqual({ singleton: true, import: false, requiredVersion: installedVersion(name, SHELL_DIR) });
      expect(shared[name].requiredVersion, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('has the shell provide the build-time singletons, react-router and react-query tree-shaken to the exports remotes may use', () => {
    const shared = hostShared();
    expect(Object.keys(shared).sort()).toEqual(HOST_SINGLETON_NAMES.filter((n) => HOST_SINGLETONS[n].provided === 'build').sort());
    expect(shared['react-router']).toMatchObject({ singleton: true, treeShaking: { mode: 'runtime-infer', usedExports: expect.arrayContaining(['Link', 'useNavigate']) } });
    expect(shared['@tanstack/react-query']).toMatchObject({ treeShaking: { usedExports: expect.arrayContaining(['useQuery', 'QueryClientContext']) } });
    expect(shared.react).toEqual({ singleton: true, requiredVersion: false });
  });

  it('is what every module remote is built with, and no remote declares another version of a singleton than the shell', () => {
    expect(REMOTES.map((r) => path.basename(r)).sort()).toEqual(['disk', 'finance', 'notes', 'reader', 'tickets']);
    for (const remote of REMOTES) {
      expect(readFileSync(path.join(remote, 'rsbuild.config.ts'), 'utf8'), remote).toMatch(/moduleRemote\(\{ name: '[a-z]+'/);
      expect(versionMismatches(remote), remote).toEqual([]);
    }
  });
});

describe("a remote's build refuses", () => {
  it('a file of a singleton, or of its insides, in its bundle; React’s JSX runtime is allowed', () => {
    const nm = '/work/x/node_modules';
    expect(bundledCopy(`${nm}/react-router/dist/development/index.mjs`)).toBe('react-router');
    expect(bundledCopy(`${nm}/@tanstack/query-core/build/modern/queryClient.js`)).toBe('@tanstack/query-core');
    expect(bundledCopy(`${nm}/react-dom/cjs/react-dom-client.production.js`)).toBe('react-dom');
    expect(bundledCopy(`${nm}/react/index.js`)).toBe('react');
    expect(bundledCopy(`${nm}/react/jsx-runtime.js`)).toBeUndefined();
    expect(bundledCopy(`${nm}/react/cjs/react-jsx-runtime.production.js`)).toBeUndefined();
    expect(bundledCopy(`${nm}/dompurify/dist/purify.es.mjs`)).toBeUndefined();
    expect(bundledCopy('/work/x/frontends/notes/src/Page.tsx')).toBeUndefined();
  });

  it("an export the shell's tree-shaken copy does not carry, the whole namespace, or import()", () => {
    expect(unservedImport('react-router', 'esm import specifier', ['Link'])).toBeUndefined();
    expect(unservedImport('react-router', 'esm import specifier', ['Router'])).toBe("react-router's Router");
    expect(unservedImport('@tanstack/react-query', 'esm export imported specifier', ['QueryObserver'])).toBe("@tanstack/react-query's QueryObserver");
    expect(unservedImport('react-router', 'esm import specifier', [])).toBe('the whole of react-router');
    expect(unservedImport('react-router', 'import()', undefined)).toBe("import('react-router')");
    expect(unservedImport('react-router', 'esm import', undefined)).toBeUndefined();
    expect(unservedImport('react', 'esm import specifier', ['useId'])).toBeUndefined();
  });

  it('a built manifest that lists files of its own for a singleton', () => {
    const own = { js: { sync: ['static/js/async/y.js'], async: [] } };
    const none = { js: { sync: [], async: [] } };
    expect(manifestCopies({ shared: [{ name: 'react', assets: own }, { name: 'react-router', assets: none }, { name: 'dompurify', assets: own }] })).toEqual(['react']);
  });
});
