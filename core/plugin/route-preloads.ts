/**
 * Fetches every chunk a page needs at once when the page opens, from the build's `route-preloads.json`
 * (tooling/route-preloads.ts): the plugin definitions no longer carry Vite's lists, so without this a page's imports
 * would arrive one level at a time. Boot reads the file once, after first paint (the first page's chunks come
 * as preload links in index.html); a page that opens while it is on its way starts its preloads when it arrives.
 * Production builds only: the dev server has no such file.
 */
import type { RoutePreloads } from '../../tooling/route-preloads';

const FILE = 'route-preloads.json';

let preloads: Promise<RoutePreloads | null> | null = null;
const linked = new Set<string>();

/** Starts reading the list (once); a missing or broken file means no preloads, never a failure. */
export function loadRoutePreloads(base = import.meta.env.BASE_URL): Promise<RoutePreloads | null> {
  preloads ??= fetch(`${base}${FILE}`)
    .then((response) => (response.ok ? (response.json() as Promise<RoutePreloads>) : null))
    .catch(() => null);
  return preloads;
}

/**
 * Adds a `modulepreload` link for each chunk of the route's page not linked before; nothing before
 * {@link loadRoutePreloads} started.
 */
export async function preloadRoute(
  routeId: string,
  base = import.meta.env.BASE_URL,
  doc: Document = document,
): Promise<void> {
  const list = await preloads;
  for (const index of list?.routes[routeId] ?? []) {
    const file = list!.files[index];
    if (!file || linked.has(file)) continue;
    linked.add(file);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `${base}${file}`;
    doc.head.appendChild(link);
  }
}

/** For tests: forget the list and the links made. */
export function resetRoutePreloads(): void {
  preloads = null;
  linked.clear();
}
