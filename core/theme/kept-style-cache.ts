import { createCache } from '@ant-design/cssinjs';

/**
 * antd's css-in-js cache, except that a generated style stays cached after the last component using it unmounts.
 *
 * Why: `@ant-design/cssinjs` counts a style's users and drops its cache entry when the count reaches zero
 * (`hooks/useGlobalCache.js`); the next page that shows the component builds the style object again and serialises
 * and hashes it again. A route change unmounts one page's components and mounts the next one's, so that work
 * ran on every change and was the largest script cost of a warm route change (docs/performance.md, "Warm route
 * changes"). The `<style>` elements stay in the document either way (`autoClear` is off), so keeping their entries
 * costs memory bounded by the components and themes a session has shown.
 */
export function createKeptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  // An entry is `[users, value]`; the last user's clean-up answers null to delete it: keep it with no users.
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      const next = valueFn(previous);
      return next === null && previous ? [0, previous[1]] : next;
    });
  return cache;
}
