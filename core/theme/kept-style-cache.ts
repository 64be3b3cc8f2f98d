import { createCache } from '@ant-design/cssinjs';
// The marker antd's style hook reads as "this style is already in the page" (pinned @ant-design/cssinjs 1.24.0).
import { CSS_FILE_STYLE } from '@ant-design/cssinjs/es/util/cacheMapUtil';

/** Cache keys of the styles `useStyleRegister` generates (its `STYLE_PREFIX`, joined by the cache's `%`). */
const STYLE_KEY = 'style%';

/**
 * antd's css-in-js cache, except that a generated style stays cached after the last component using it unmounts,
 * and is not looked for in the document again once it is there.
 *
 * Why: `@ant-design/cssinjs` counts a style's users and drops its cache entry when the count reaches zero
 * (`hooks/useGlobalCache.js`); the next page that shows the component builds the style object again and serialises
 * and hashes it again. A route change unmounts one page's components and mounts the next one's, so that work
 * ran on every change and was the largest script cost of a warm route change (docs/performance.md, "Warm route
 * changes"). The `<style>` elements stay in the document either way (`autoClear` is off, and with entries kept
 * nothing removes a theme's styles), so keeping their entries costs memory bounded by the components and themes a
 * session has shown.
 *
 * Then, every mount of a styled component still ran its insertion effect, which lists the head's children to find
 * the component's `<style>` and compares its whole text (rc-util `updateCSS`): ~6 ms of each route change. Once a
 * style's first user has inserted it, its entry's text is replaced by the marker with which antd skips insertion
 * for styles that come from a CSS file, so later mounts skip that search. The text is not needed after insertion:
 * it only serves server-side rendering, which the portal does not do.
 */
export function createKeptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  // An entry is `[users, value]`; the last user's clean-up answers null to delete it: keep it with no users.
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      const next = valueFn(previous);
      if (next === null && previous) return [0, previous[1]];
      if (key.startsWith(STYLE_KEY) && previous && next && next[0] === previous[0] + 1) markInserted(next[1]);
      return next;
    });
  return cache;
}

/**
 * A style entry's value is `[styleText, tokenKey, styleId, …]`; a user is counted right after its insertion effect
 * has put `styleText` in the page. Marked only when the `<style>` is really there, so a style that is not keeps
 * being inserted as antd always did.
 */
function markInserted(value: unknown): void {
  if (!Array.isArray(value) || typeof value[0] !== 'string' || value[0] === CSS_FILE_STYLE) return;
  const styleId: unknown = value[2];
  // Ids are hashes (letters and digits); anything else is left to antd.
  if (typeof styleId !== 'string' || !/^[\w-]+$/.test(styleId)) return;
  if (!document.querySelector(`style[data-css-hash="${styleId}"]`)) return;
  value[0] = CSS_FILE_STYLE;
}
