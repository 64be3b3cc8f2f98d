/**
 * The shape of the build steps that rewrite a few modules of an installed library (antd, pro-components) to keep
 * code it never needs off the portal's first paint (docs/performance.md, "Web: first-paint size"). Each rewrite
 * throws when its module no longer has the shape it expects, and the build fails when a module was never met: both
 * mean an upgrade moved what the step relies on, and the bytes it saved would otherwise come back unnoticed.
 */
import type { Plugin } from 'vite';

export interface LibraryModuleRewrite {
  /** The module's path under node_modules, with forward slashes: `antd/es/button/style/token.js`. */
  module: string;
  rewrite(source: string, id: string): string;
}

/** Whether `id` (a resolved file path) is `module` under a node_modules folder. */
export function isLibraryModule(id: string, module: string): boolean {
  return id.replaceAll('\\', '/').endsWith(`/node_modules/${module}`);
}

/** A build-only Vite plugin applying `rewrites`; every module they name must be met in the build. */
export function libraryModuleRewrites(name: string, rewrites: LibraryModuleRewrite[]): Plugin {
  const met = new Set<string>();
  return {
    name,
    apply: 'build',
    transform(code, id) {
      const match = rewrites.find(({ module }) => isLibraryModule(id, module));
      if (!match) return null;
      met.add(match.module);
      try {
        return { code: match.rewrite(code, id), map: null };
      } catch (error) {
        throw new Error(`${name}: ${match.module}: ${(error as Error).message}`, { cause: error });
      }
    },
    buildEnd(error) {
      const missing = rewrites.filter(({ module }) => !met.has(module)).map(({ module }) => module);
      if (!error && missing.length > 0)
        throw new Error(
          `${name}: ${missing.join(', ')} not found in the build: update the step for this library version`,
        );
    },
  };
}
