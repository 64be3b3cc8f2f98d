import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  exportedNames,
  portalBoundarySource,
  proErrorBoundary,
  replacementModule,
} from './vite-pro-error-boundary';
import { installedModulePath } from './installed-module.ts';

const installed = installedModulePath('@ant-design/pro-utils/es/components/ErrorBoundary/index.js');
const boundaryPath = fileURLToPath(new URL('../core/plugin/plugin-boundary.tsx', import.meta.url));

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transform' | 'buildEnd') => plugin[name] as Hook;

describe('the build step that puts the portal boundary in place of pro-utils ErrorBoundary', () => {
  it('finds the installed module exporting ErrorBoundary alone, with antd Result behind it', () => {
    const source = readFileSync(installed, 'utf8');
    expect(exportedNames(source)).toEqual(['ErrorBoundary']);
    expect(source).toMatch(/import \{ Result \} from 'antd'/);
  });

  it('reads export lists and declarations', () => {
    expect(exportedNames('export { a, b as c };\nexport function d() {}\nexport const e = 1;')).toEqual([
      'a',
      'c',
      'd',
      'e',
    ]);
  });

  it('loads the portal boundary under the library name for that module only', async () => {
    const plugin = proErrorBoundary(boundaryPath);
    const source = readFileSync(installed, 'utf8');
    expect(hook(plugin, 'transform').call({}, source, installed)).toEqual({
      code: replacementModule(boundaryPath),
      map: null,
    });
    expect(
      hook(plugin, 'transform').call({}, source, installed.replace('ErrorBoundary', 'FieldLabel')),
    ).toBeNull();
    expect(() => portalBoundarySource(`${source}\nexport const More = 1;`, boundaryPath)).toThrow(
      /not ErrorBoundary alone/,
    );
    expect(replacementModule(boundaryPath)).toContain('ContentErrorBoundary as ErrorBoundary');
    const portal = await import('../core/plugin/plugin-boundary');
    expect(portal.ContentErrorBoundary).toBeTypeOf('function');
    expect(() => hook(plugin, 'buildEnd').call({})).not.toThrow();
  });

  it('fails a build that never met the module, rather than ship Result again unnoticed', () => {
    expect(() => hook(proErrorBoundary(boundaryPath), 'buildEnd').call({})).toThrow(
      /ErrorBoundary\/index\.js not found/,
    );
  });
});
