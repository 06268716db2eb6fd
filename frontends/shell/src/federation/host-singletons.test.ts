import { describe, expect, it } from 'vitest';
import { hostCopy, hostSingletonsPlugin } from './host-singletons';

// What Module Federation's share scope holds once the shell runs: react-router's entry with the shell's loaded
// tree-shaken copy (`treeShaking.lib`) and the full copy not loaded (its `get` would fetch independent-packages/).
const lib = () => ({ marker: 'shell tree-shaken copy' });
function scope(loaded: 'tree-shaken' | 'full' | 'none') {
  const entry = {
    version: '7.18.6',
    from: 'shell',
    get: async () => () => ({ marker: 'full copy' }),
    ...(loaded === 'full' ? { lib: () => ({ marker: 'full' }), loaded: true } : {}),
    treeShaking: loaded === 'tree-shaken' ? { lib, loaded: true } : {},
  };
  return { default: { 'react-router': { '7.18.6': entry }, react: { '19.3.1': { version: '19.3.1', lib: () => ({}) } } } } as never;
}

describe("the shell's host-singletons runtime plugin", () => {
  it("hands a remote the shell's loaded tree-shaken copy of react-router, not the full one", () => {
    const copy = hostCopy({ shareScopeMap: scope('tree-shaken'), scope: 'default', pkgName: 'react-router', version: '7.18.6' });
    expect(copy?.useTreesShaking).toBe(true);
    expect((copy?.shared.treeShaking as { lib?: unknown } | undefined)?.lib).toBe(lib);
  });

  it('takes a loaded full copy when that is what the shell runs on, and leaves packages shared whole to the runtime', () => {
    expect(hostCopy({ shareScopeMap: scope('full'), scope: 'default', pkgName: 'react-router', version: '7.18.6' })?.useTreesShaking).toBe(false);
    expect(hostCopy({ shareScopeMap: scope('tree-shaken'), scope: 'default', pkgName: 'react', version: '19.3.1' })).toBeUndefined();
    expect(hostCopy({ shareScopeMap: scope('none'), scope: 'default', pkgName: 'react-router', version: '7.18.6' })).toBeUndefined();
  });

  it("replaces the runtime's resolver only for a copy the shell has loaded", () => {
    const plugin = hostSingletonsPlugin();
    const runtime = () => undefined;
    const args = { shareScopeMap: scope('tree-shaken'), scope: 'default', pkgName: 'react-router', version: '7.18.6', resolver: runtime } as never as Parameters<NonNullable<typeof plugin.resolveShare>>[0];
    plugin.resolveShare!(args);
    expect(args.resolver()).toMatchObject({ useTreesShaking: true });
    const other = { ...args, pkgName: 'i18next', resolver: runtime };
    plugin.resolveShare!(other);
    expect(other.resolver).toBe(runtime);
  });
});
