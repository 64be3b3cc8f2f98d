import { fileURLToPath } from 'node:url';

/**
 * The import the build steps that load library code on first use put at the top of a module they rewrite: core's
 * `lazyLibraryComponent` (core/ui/lazy-library-component.tsx) as `__lazyComponent`, one implementation for all of them.
 */
export const LAZY_COMPONENT_IMPORT = `import { lazyLibraryComponent as __lazyComponent } from ${JSON.stringify(
  fileURLToPath(new URL('../core/ui/lazy-library-component.tsx', import.meta.url)),
)};\n`;
