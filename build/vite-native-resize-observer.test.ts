import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATIVE_RESIZE_OBSERVER, nativeResizeObserver } from './vite-native-resize-observer.ts';

type Hook = (id: string) => string | null;

describe("the build step that gives rc-resize-observer the browser's ResizeObserver", () => {
  it("resolves the polyfill, as rc-resize-observer imports it, to the browser's own", () => {
    const observerUtil = readFileSync(
      join(
        dirname(createRequire(import.meta.url).resolve('rc-resize-observer/package.json')),
        'es/utils/observerUtil.js',
      ),
      'utf8',
    );
    expect(observerUtil).toContain("import ResizeObserver from 'resize-observer-polyfill';");
    const plugin = nativeResizeObserver();
    const id = (plugin.resolveId as Hook)('resize-observer-polyfill')!;
    expect((plugin.load as Hook)(id)).toBe(NATIVE_RESIZE_OBSERVER);
    expect((plugin.resolveId as Hook)('resize-observer-polyfill/dist/other.js')).toBeNull();
  });

  it('exports the global constructor', async () => {
    class Native {}
    const previous = globalThis.ResizeObserver;
    globalThis.ResizeObserver = Native as unknown as typeof ResizeObserver;
    try {
      const module = (await import(`data:text/javascript,${encodeURIComponent(NATIVE_RESIZE_OBSERVER)}`)) as {
        default: unknown;
      };
      expect(module.default).toBe(Native);
    } finally {
      globalThis.ResizeObserver = previous;
    }
  });
});
