/**
 * The react-component packages under antd (`rc-*`, `@rc-component/*`) ship ES modules that only declare components
 * and helpers, but most of their package.json files do not say `"sideEffects": false`. Without it, Rolldown keeps
 * every module a used module imports, with its top-level calls (`React.forwardRef(...)`, static fields), whether or
 * not anything uses it: antd's Button reaches the whole colour picker (its theme token reads one colour class from
 * `@rc-component/color-picker`'s index), and antd's form context the whole of rc-field-form with its validator.
 *
 * Rolldown's own option for this, `treeshake.moduleSideEffects` (vite.config.ts), says for them what their
 * package.json would: a module whose exports nobody uses may go; a module that is used keeps all of its code. Nothing
 * is rewritten. It would be wrong only for a module imported for its side effects alone (`import 'rc-x/es/y'`);
 * nothing in antd or this repository does that, and side-effect-free-packages.test.ts checks it on
 * every run. Measured on 2026-11-29 with `npm run size`: 16.4 KiB gzip off the dashboard, 13.7-14.3 off the
 * activity, billing history, contracts and branding pages, 1-3 KiB off the others with a form.
 */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](?:rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]es[\\/]/;

/** The rule for Rolldown's `treeshake.moduleSideEffects`. */
export const sideEffectFreePackages = [{ test: SIDE_EFFECT_FREE, sideEffects: false }];
