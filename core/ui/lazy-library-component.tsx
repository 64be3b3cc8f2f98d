import { lazy, Suspense, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands in for any library component's props
type LibraryProps = any;

/**
 * A component whose code is fetched on its first render, inside its own `Suspense`, so nothing around it waits; until
 * it arrives it renders nothing. The build steps that load parts of pro-components and antd on first use put it in
 * place of a static import (tooling/vite-lazy-pro-fields.ts, tooling/vite-lazy-antd-parts.ts); the library's code calls
 * it, so its props are the library component's, whatever they are.
 */
export function lazyLibraryComponent(
  load: () => Promise<ComponentType<LibraryProps>>,
): ComponentType<LibraryProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyLibraryComponent(props: LibraryProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
