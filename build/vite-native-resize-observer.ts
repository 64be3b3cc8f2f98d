/**
 * rc-resize-observer (under antd's Typography, Menu overflow, tables and more) imports `resize-observer-polyfill`,
 * which detects the browser's own `ResizeObserver` and uses it, but ships its whole fallback anyway: ~2 KiB gzip on
 * every app route (docs/performance.md, "Web: first-paint size"). Every browser the build targets (Vite's
 * `baseline-widely-available`) has `ResizeObserver`, so the build resolves the polyfill to the browser's own.
 */
import type { Plugin } from 'vite';

const POLYFILL = 'resize-observer-polyfill';
const NATIVE_ID = '\0portal-native-resize-observer';
export const NATIVE_RESIZE_OBSERVER = 'export default globalThis.ResizeObserver;\n';

export function nativeResizeObserver(): Plugin {
  return {
    name: 'portal-native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === POLYFILL ? NATIVE_ID : null;
    },
    load(id) {
      return id === NATIVE_ID ? NATIVE_RESIZE_OBSERVER : null;
    },
  };
}
