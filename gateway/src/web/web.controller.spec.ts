import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { moduleFile } from './web.controller';

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
