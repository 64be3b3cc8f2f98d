/**
 * The react-component packages under antd (`rc-*`, `@rc-component/*`) ship ES modules that only declare components
 * and helpers, but most of their package.json files do not say `"sideEffects": false`. Without it, Rolldown keeps
 * every module a used module imports, with its top-level calls (`React.forwardRef(...)`, static fields), whether or
 * not anything uses it: antd's Button reaches the whole colour picker (its theme token reads one colour class from
 * `@rc-component/color-picker`'s index), and antd's form context the whole of rc-field-form with its validator.
 * Together ~17 KiB gzip on every app route's first paint (docs/performance.md, "Web: first-paint size").
 *
 * This step tells Rolldown what those packages would say themselves: a module whose exports nobody uses may go.
 * A module that is used keeps all of its code. It would be wrong only for a module imported for its side effects
 * alone (`import 'rc-x/es/y'`); nothing in antd, pro-components or this repository does that, and
 * vite-side-effect-free.test.ts checks it on every run.
 */
import type { Plugin } from 'vite';

export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](?:rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]es[\\/]/;

export function sideEffectFree(): Plugin {
  return {
    name: 'portal-side-effect-free',
    apply: 'build',
    transform(code, id) {
      if (!SIDE_EFFECT_FREE.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
