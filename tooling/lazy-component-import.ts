import { fileURLToPath } from 'node:url';

/**
 * The import the build steps that load library code on first use put at the top of a module they rewrite: core's
 * `lazyLibraryComponent` (core/ui/lazy-library-component.tsx) as `__lazyComponent`, one implementation for all of them.
 */
export const LAZY_COMPONENT_IMPORT = `import { lazyLibraryComponent as __lazyComponent } from ${JSON.stringify(
  fileURLToPath(new URL('../core/ui/lazy-library-component.tsx', import.meta.url)),
)};\n`;

/** `var <name> = <a lazy component whose code is the default export of `modulePath`>;` */
export function lazyComponentDeclaration(name: string, modulePath: string): string {
  return `var ${name} = __lazyComponent(function () { return import(${JSON.stringify(modulePath)}).then(function (m) { return m.default; }); });\n`;
}

/**
 * `source` with its `importLine` (`import Editable from '../Editable';`) replaced by a lazy component of the same
 * `name` loading the default export of `modulePath`; throws if the line is not there exactly once.
 */
export function lazyDefaultImport(
  source: string,
  importLine: string,
  name: string,
  modulePath: string,
): string {
  if (source.split(importLine).length !== 2) throw new Error(`"${importLine}" not found once`);
  return source.replace(importLine, LAZY_COMPONENT_IMPORT + lazyComponentDeclaration(name, modulePath));
}

const ANTD_IMPORT = /^import \{([^}]*)\} from 'antd';$/m;

/**
 * `source` with `name` taken out of its `import { …, name, … } from 'antd'` and declared as a lazy component loading
 * `antdModule` (`antd/es/drawer`); throws if the module imports no such name from antd.
 */
export function lazyAntdNamedImport(source: string, name: string, antdModule: string): string {
  const antdImport = ANTD_IMPORT.exec(source);
  const names = antdImport?.[1]!.split(',').map((each) => each.trim()) ?? [];
  if (!names.includes(name)) throw new Error(`no \`import { …, ${name}, … } from 'antd'\` found`);
  const others = names.filter((each) => each && each !== name);
  const rest = others.length ? `import { ${others.join(', ')} } from 'antd';\n` : '';
  return source.replace(
    ANTD_IMPORT,
    `${rest}${LAZY_COMPONENT_IMPORT}${lazyComponentDeclaration(name, antdModule)}`,
  );
}
