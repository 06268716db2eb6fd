import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { deployedModules, moduleFile } from './web.controller';

// /modules/<name>/… : a deployed copy in MODULES_DIR/<name>/ wins, else the workspace build frontends/<name>/dist/.
describe('module remote files', () => {
  let root: string;
  let modules: string;
  let frontends: string;
  const put = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-modules-'));
    modules = path.join(root, 'modules');
    frontends = path.join(root, 'frontends');
    put(path.join(modules, 'hello', 'mf-manifest.json'));
    put(path.join(modules, 'tickets', 'mf-manifest.json'));
    put(path.join(frontends, 'tickets', 'dist', 'mf-manifest.json'));
    put(path.join(frontends, 'tickets', 'dist', 'static', 'js', 'page.js'));
    put(path.join(frontends, 'finance', 'dist', 'mf-manifest.json'));
    put(path.join(frontends, 'finance', 'secret.txt'));
    put(path.join(frontends, 'shell', 'dist', 'index.html'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves MODULES_DIR/<name>/ when that folder exists', async () => {
    expect(await moduleFile(modules, frontends, '/modules/hello/mf-manifest.json')).toBe(path.join(modules, 'hello', 'mf-manifest.json'));
    expect(await moduleFile(modules, frontends, '/modules/tickets/mf-manifest.json?v=1')).toBe(path.join(modules, 'tickets', 'mf-manifest.json'));
    // the deployed folder is the whole module: no mixing with the workspace build
    expect(await moduleFile(modules, frontends, '/modules/tickets/static/js/page.js')).toBeNull();
  });

  it('else serves the workspace build frontends/<name>/dist/', async () => {
    expect(await moduleFile(modules, frontends, '/modules/finance/mf-manifest.json')).toBe(path.join(frontends, 'finance', 'dist', 'mf-manifest.json'));
    expect(await moduleFile(path.join(root, 'none'), frontends, '/modules/tickets/static/js/page.js')).toBe(path.join(frontends, 'tickets', 'dist', 'static', 'js', 'page.js'));
  });

  it('refuses missing files, other workspaces and paths leaving the folder', async () => {
    for (const url of [
      '/modules/finance/nope.js',
      '/modules/disk/mf-manifest.json',
      '/modules/shell/index.html',
      '/modules/finance/../secret.txt',
      '/modules/finance/%2e%2e/secret.txt',
      '/modules/..%2ffinance/secret.txt',
      '/modules/Finance/mf-manifest.json',
      '/modules/finance',
      '/modules/',
    ])
      expect(await moduleFile(modules, frontends, url)).toBeNull();
  });
});

// GET /modules lists what moduleFile() would serve a manifest for, so the web app shows menus only of modules that load.
describe('deployed modules', () => {
  let root: string;
  const put = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
  };
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-deployed-'));
    put(path.join(root, 'modules', 'reader', 'mf-manifest.json'));
    put(path.join(root, 'modules', 'disk', 'readme.txt')); // a folder without a manifest: nothing to load
    put(path.join(root, 'modules', 'finance', 'mf-manifest.json'));
    put(path.join(root, 'frontends', 'tickets', 'dist', 'mf-manifest.json'));
    put(path.join(root, 'frontends', 'notes', 'src', 'Page.tsx')); // a workspace not built
    put(path.join(root, 'frontends', 'shell', 'dist', 'mf-manifest.json')); // the host itself
    put(path.join(root, 'frontends', 'ui', 'dist', 'mf-manifest.json'));
    put(path.join(root, 'frontends', 'disk', 'dist', 'mf-manifest.json')); // shadowed by the deployed folder without one
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists the MODULES_DIR folders and workspace builds that hold a manifest, sorted, without the shell or ui', async () => {
    expect(await deployedModules(path.join(root, 'modules'), path.join(root, 'frontends'))).toEqual(['finance', 'reader', 'tickets']);
  });

  it('lists every module whose manifest moduleFile() serves, and no other', async () => {
    const modules = path.join(root, 'modules');
    const frontends = path.join(root, 'frontends');
    for (const name of ['tickets', 'finance', 'disk', 'notes', 'reader', 'shell', 'ui'])
      expect((await moduleFile(modules, frontends, `/modules/${name}/mf-manifest.json`)) !== null).toBe((await deployedModules(modules, frontends)).includes(name));
  });

  it('is empty when neither folder exists', async () => {
    expect(await deployedModules(path.join(root, 'none'), path.join(root, 'none2'))).toEqual([]);
  });
});
