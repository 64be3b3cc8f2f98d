/**
 * pro-utils' `ErrorBoundary`, which ProLayout and ProTable wrap their content in, shows antd's `Result` with an
 * English "Something went wrong." and the error's own message. The import alone put `Result`, with its three
 * illustrations, on every app route's first paint (~10 KiB gzip), although no page shows it. The build puts the
 * portal's boundary in its place (`ContentErrorBoundary`, core/plugin/plugin-boundary.tsx): the translated message
 * and retry of a plugin's page, and no error text on screen. ProLayout is also given it by prop, so development
 * shows the same.
 *
 * Measured saving (npm run size without this step, 2026-11-29): 10.7-11.6 KiB gzip on every app route, the dashboard
 * included. Under the 25 KiB a rewrite must save on its own (issue #35), kept for the same reason as
 * vite-pro-locales.ts, and because it keeps the error's own text off the screen in production.
 */
import { libraryModuleRewrites } from './library-module-rewrites.ts';

/** The names a module exports (`export { a, b as c }` lists and `export function/class/const`). */
export function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    names.push(
      ...list!
        .split(',')
        .map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        )
        .filter(Boolean),
    );
  for (const [, name] of source.matchAll(/^export\s+(?:function|class|const|let|var)\s+(\w+)/gm))
    names.push(name!);
  return names;
}

/** The module that replaces pro-utils' boundary: the portal's under the library's name. */
export function replacementModule(boundaryPath: string): string {
  return `export { ContentErrorBoundary as ErrorBoundary } from ${JSON.stringify(boundaryPath)};\n`;
}

/** The library's module, which must still export just the one name this stands in for, as the portal's. */
export function portalBoundarySource(source: string, boundaryPath: string): string {
  const names = exportedNames(source);
  if (names.join() !== 'ErrorBoundary')
    throw new Error(`exports ${names.join(', ')}, not ErrorBoundary alone`);
  return replacementModule(boundaryPath);
}

export function proErrorBoundary(boundaryPath: string) {
  return libraryModuleRewrites('portal-pro-error-boundary', [
    {
      module: '@ant-design/pro-utils/es/components/ErrorBoundary/index.js',
      rewrite: (source) => portalBoundarySource(source, boundaryPath),
    },
  ]);
}
