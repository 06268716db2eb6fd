// Both sides of Module Federation's shared configuration, from the one list of host singletons
// (@app/ui federation/host-singletons.ts; the rule and its reason: docs/decisions.md, "Host singletons"):
// - `hostShared()`: the web shell's `shared` (frontends/shell/rsbuild.config.ts);
// - `moduleRemote({ name })`: a module remote's whole Rsbuild configuration (frontends/<name>/rsbuild.config.ts), whose
//   singletons come from the shell only (`import: false`, at the version the shell is built with), and whose build
//   fails when the remote would run on a copy of its own: it bundles a host-only package, imports an export the
//   shell's tree-shaken copy does not carry, declares another version than the shell's, or its manifest lists a
//   shared package with files of its own.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  HOST_ONLY_PACKAGES,
  HOST_SINGLETON_NAMES,
  HOST_SINGLETONS,
  type HostSingleton,
  type HostSingletonName,
} from '@app/ui/src/federation/host-singletons';
import { MODULE_EXPOSES, type ModuleExpose } from '@app/ui/src/federation/module-contract';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The web shell's folder: the versions it is built with are the ones every remote must be built against. */
export const SHELL_DIR = path.resolve(here, '../../../shell');
const PROTO_BROWSER = path.resolve(here, '../../../../proto/src/browser.ts');

/** The version of a package as Node resolves it from `dir` (its node_modules, then its parents'). */
export function installedVersion(name: string, dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const manifest = path.join(d, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (path.dirname(d) === d) return undefined;
  }
}

const entry = (name: HostSingletonName): HostSingleton => HOST_SINGLETONS[name];

/** The shell's `shared`: every singleton it provides at build time, the tree-shaken ones with the exports remotes may use. */
export function hostShared() {
  return Object.fromEntries(
    HOST_SINGLETON_NAMES.filter((name) => entry(name).provided === 'build').map((name) => {
      const exports = entry(name).remoteExports;
      const config = { singleton: true, requiredVersion: false as const };
      return [name, exports ? { ...config, treeShaking: { mode: 'runtime-infer' as const, usedExports: [...exports] } } : config];
    }),
  );
}

/** A remote's `shared`: every singleton taken from the shell only, at the version the shell is built with. */
export function remoteShared(shellDir = SHELL_DIR) {
  return Object.fromEntries(
    HOST_SINGLETON_NAMES.map((name) => [name, { singleton: true, import: false as const, requiredVersion: installedVersion(name, shellDir) ?? (false as const) }]),
  );
}

/** What a module's remote exposes: its Page, and its dashboard card when it has one (src/<Expose>.tsx). */
function exposesOf(parts: readonly ModuleExpose[]) {
  return Object.fromEntries(parts.map((part) => [`./${part}`, `./src/${part}.tsx`]));
}

export interface ModuleRemoteOptions {
  /** the module remote's name: served as /modules/<name>/ */
  name: string;
  /** its exposed parts beyond the Page */
  exposes?: readonly Exclude<ModuleExpose, 'Page'>[];
}

/** A module remote's Rsbuild configuration (its rsbuild.config.ts: `export default moduleRemote({ name: 'notes' })`). */
export function moduleRemote({ name, exposes = [] }: ModuleRemoteOptions): RsbuildConfig {
  const parts = MODULE_EXPOSES.filter((p) => p === 'Page' || exposes.includes(p));
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({ name, exposes: exposesOf(parts), dts: false, shared: remoteShared() }),
      pluginHostSingletons(),
    ],
    // a remote is used through its exposes only; the entry exists because Rsbuild needs one
    source: { entry: { index: path.join(here, 'remote-entry.ts') } },
    // proto from its TypeScript sources (its browser entry): no build of proto first, and only what is used is bundled
    resolve: { alias: { '@app/proto': PROTO_BROWSER } },
    tools: { htmlPlugin: false },
    output: { assetPrefix: `/modules/${name}/`, distPath: { root: 'dist' }, cleanDistPath: true },
  });
}

/** The package a module file belongs to (`…/node_modules/@scope/name/…` → `@scope/name`), or undefined. */
export function packageOfResource(resource: string): string | undefined {
  const m = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(resource);
  return m ? m[1].replace(/\\/g, '/') : undefined;
}

/** React's JSX runtime holds no state and reaches React through the shared `react`: a remote may bundle it. */
const STATELESS = /[\\/]node_modules[\\/]react[\\/](cjs[\\/]react-jsx-(dev-)?runtime\.|jsx-(dev-)?runtime\.js)/;

/** A module of the remote's compilation that is a host-only package's own file: a second copy of a singleton. */
export function bundledCopy(resource: string | undefined): string | undefined {
  if (!resource || STATELESS.test(resource)) return undefined;
  const pkg = packageOfResource(resource);
  return pkg && (HOST_ONLY_PACKAGES as readonly string[]).includes(pkg) ? pkg : undefined;
}

/** An import of a tree-shaken singleton that its shared copy cannot serve: a missing export, the namespace, import(). */
export function unservedImport(request: string | undefined, type: string, ids: readonly string[] | undefined): string | undefined {
  if (!request || !(HOST_SINGLETON_NAMES as readonly string[]).includes(request)) return undefined;
  const exports = entry(request as HostSingletonName).remoteExports;
  if (!exports) return undefined;
  if (type === 'import()') return `import('${request}')`;
  if (!/specifier/.test(type)) return undefined;
  const used = ids?.[0];
  if (used === undefined) return `the whole of ${request}`;
  return exports.includes(used) ? undefined : `${request}'s ${used}`;
}

/** The remote's own copies of shared packages listed in its built mf-manifest.json (a singleton must have none). */
export function manifestCopies(manifest: { shared?: Array<{ name: string; assets?: { js?: { sync?: string[]; async?: string[] } } }> }): string[] {
  return (manifest.shared ?? [])
    .filter((s) => (HOST_SINGLETON_NAMES as readonly string[]).includes(s.name) && [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])].length > 0)
    .map((s) => s.name);
}

/** The versions a remote declares in its package.json that differ from the shell's. */
export function versionMismatches(remoteDir: string, shellDir = SHELL_DIR): string[] {
  const pkg = JSON.parse(readFileSync(path.join(remoteDir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const declared = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
  return HOST_SINGLETON_NAMES.filter((name) => name in declared).flatMap((name) => {
    const mine = installedVersion(name, remoteDir);
    const shell = installedVersion(name, shellDir);
    return mine === shell ? [] : [`${name} ${mine} (the shell is built with ${shell})`];
  });
}

const RULE = 'docs/decisions.md, "Host singletons"';

/** The build of a module remote fails when the remote would run on a copy of a host singleton of its own. */
export function pluginHostSingletons(shellDir = SHELL_DIR): RsbuildPlugin {
  return {
    name: 'servicedesk:host-singletons',
    setup(api) {
      const remote = () => path.basename(api.context.rootPath);
      api.onBeforeBuild(() => {
        const wrong = versionMismatches(api.context.rootPath, shellDir);
        if (wrong.length) throw new Error(`${remote()} declares other versions of host singletons than the shell: ${wrong.join('; ')} (${RULE})`);
      });
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins ??= [];
        config.plugins.push({
          apply(compiler: Rspack.Compiler) {
            compiler.hooks.compilation.tap('host-singletons', (compilation) => {
              compilation.hooks.finishModules.tap('host-singletons', (modules) => {
                const problems = new Set<string>();
                for (const module of modules) {
                  const copy = bundledCopy((module as { resource?: string }).resource);
                  if (copy) problems.add(`bundles its own copy of ${copy} (${(module as { resource?: string }).resource})`);
                  for (const dep of module.dependencies) {
                    const unserved = unservedImport(dep.request, dep.type, dep.ids);
                    if (unserved) problems.add(`imports ${unserved}, which the shell's tree-shaken copy does not carry (add it to remoteExports in @app/ui federation/host-singletons.ts)`);
                  }
                }
                for (const problem of problems) compilation.errors.push(new rspack.WebpackError(`${remote()} ${problem} (${RULE})`));
              });
            });
          },
        });
      });
      api.onAfterBuild(() => {
        const file = path.join(api.context.distPath, 'mf-manifest.json');
        if (!existsSync(file)) return;
        const copies = manifestCopies(JSON.parse(readFileSync(file, 'utf8')));
        if (copies.length) throw new Error(`${remote()} ships its own copy of ${copies.join(', ')} (${RULE})`);
      });
    },
  };
}
