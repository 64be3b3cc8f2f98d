/**
 * The chunks a page's first paint needs, made few on purpose (issue #40, docs/performance.md "Chunks on first
 * paint"). Left to itself Rolldown makes one chunk per set of importers: /login needed 31 scripts, nine of them the
 * nine plugin definitions (every route needs them all) and nineteen 0.2-1.5 KiB pieces of the auth screens, each a
 * request before first paint with its own import list and gzip overhead. Now it needs 6: the entry, the plugin
 * definitions, the auth forms, Rolldown's runtime helpers and the two locale files. Three groups:
 * - `index`: what the entry imports statically (Rolldown's `$initial`), as before;
 * - `plugin-definitions`: every plugin's definition (`plugins/<id>/index.ts`) with the files of its own folder it
 *   imports (its API token), and the small modules that nearly every route needs: the theme presets, the language
 *   switcher, antd's disabled context, the validation rules, the auth layout with its headings, links, plain
 *   button and message box (~1.5 KiB gzip in all beyond the definitions). A disabled plugin's definition is a few hundred bytes
 *   here; its pages are never downloaded;
 * - `auth-forms`: the form controls, react-hook-form and the sign-in page, the auth page opened most. The auth
 *   screens without a form (an invitation, an email link, the account choice) do not load it; an app page that uses
 *   one of these controls does (+13 KiB for the profile and security pages, within the app budget).
 * Core modules are named by path because pages import them through `@core`, whose re-exports make the module
 * graph say every page imports every core module; a plugin's own helpers are found from the graph, which has no
 * such re-exports inside a plugin. Everything else (app pages, antd, the app layout, each auth page's own code) keeps
 * Rolldown's default chunks, and what a grouped module imports is not pulled in with it
 * (`includeDependenciesRecursively: false`), so no lazy page pulls antd into the auth screens: of antd only the
 * disabled context, which every app route loads anyway, is in a group.
 *
 * Such a chunk holds several lazily imported modules, so Vite's manifest, which names a chunk by its one facade
 * module, would lose them: {@link firstPaintChunks} adds them back (the size report and the API server's preload
 * links look a page or a definition up by its source path).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import type { ManifestChunk, ViteManifest } from './vite-manifest.ts';

export type FirstPaintGroup = 'plugin-definitions' | 'auth-forms';

/** What this reads of a module (Rolldown's ModuleInfo has these fields). */
export interface GroupedModule {
  importers: readonly string[];
}

/** The portal's own modules outside the plugins, but not a barrel (`index.ts` re-exports everything). */
const CORE_FILE = /[\\/](core|contract)[\\/](?:[^\\/]+[\\/])*(?!index\.ts$)[^\\/]+$/;
const PLUGIN_FILE = /[\\/]plugins[\\/]([^\\/]+)[\\/](.+)$/;

/** Small modules nearly every route needs: one request fewer each, for a few hundred bytes on the others. */
const EVERY_ROUTE = [
  /[\\/]themes[\\/][^\\/]+\.json$/,
  /[\\/]core[\\/]layout[\\/](language-switcher|brand)\.tsx$/,
  /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]DisabledContext\.js$/,
  /[\\/]core[\\/]ui[\\/]validation[\\/](field-rules|messages)\.ts$/,
  // The contract's rules those two use (the identity and colour rules are the app pages' own).
  /[\\/]contract[\\/]rules[\\/](limits|messages|text|names|email|passwords|phone|otp|organization-names)\.ts$/,
  /[\\/]core[\\/]layout[\\/]auth-layout\.(tsx|css)$/,
  /[\\/]core[\\/]ui[\\/]controls[\\/](plain-button\.tsx|inline-alert\.tsx|controls\.css)$/,
  /[\\/]core[\\/]ui[\\/]use-unmount-signal\.ts$/,
  /[\\/]core[\\/]captcha[\\/]use-captcha\.ts$/,
];

/** The auth screens' form controls and the form machinery behind them. */
const AUTH_FORMS = [
  /[\\/]core[\\/]ui[\\/]controls[\\/](base-input|accessible-name|email-input|password-input|otp-input|submit-button)\.tsx?$/,
  /[\\/]core[\\/]ui[\\/]form[\\/](form-field|rule-form|form-actions)\.tsx?$/,
  /[\\/]core[\\/]ui[\\/]form[\\/]form-field\.css$/,
  /[\\/]node_modules[\\/]react-hook-form[\\/]/,
];

/** The plugins whose pages use the auth layout, and the sign-in page. */
const AUTH_PLUGINS = new Set(['auth', 'sso']);
const AUTH_HELPER_FOLDER = /^(components|hooks|navigation)[\\/]/;
const SIGN_IN_PAGE = /[\\/]plugins[\\/]auth[\\/]pages[\\/]login-page\.tsx$/;

/**
 * The group of one module, or null for Rolldown's default chunking.
 * @example
 *   firstPaintGroup('/repo/plugins/billing/index.ts', () => null) // 'plugin-definitions'
 */
export function firstPaintGroup(
  id: string,
  moduleInfo: (id: string) => GroupedModule | null,
  seen = new Set<string>(),
): FirstPaintGroup | null {
  if (EVERY_ROUTE.some((pattern) => pattern.test(id))) return 'plugin-definitions';
  if (AUTH_FORMS.some((pattern) => pattern.test(id)) || SIGN_IN_PAGE.test(id)) return 'auth-forms';
  const own = PLUGIN_FILE.exec(id);
  if (!own) {
    // A core module or contract rule that a grouped one imports (a new rule or form helper, say) goes with it,
    // else it would be one more request on first paint; the definitions first, since every route loads them.
    if (!CORE_FILE.test(id) || seen.has(id)) return null;
    seen.add(id);
    const groups = (moduleInfo(id)?.importers ?? []).map((importer) =>
      firstPaintGroup(importer, moduleInfo, seen),
    );
    return groups.includes('plugin-definitions')
      ? 'plugin-definitions'
      : groups.includes('auth-forms')
        ? 'auth-forms'
        : null;
  }
  const [, plugin, file] = own;
  if (file === 'index.ts') return 'plugin-definitions';
  if (seen.has(id)) return null;
  seen.add(id);
  const importers = (moduleInfo(id)?.importers ?? []).filter(
    (importer) => PLUGIN_FILE.exec(importer)?.[1] === plugin,
  );
  const importerGroups = importers.map((importer) => firstPaintGroup(importer, moduleInfo, seen));
  // A file its definition imports (directly or through other such files) loads with the definition anyway.
  if (importerGroups.includes('plugin-definitions')) return 'plugin-definitions';
  // Of the auth plugins' files, only their screens' helpers (headings, links, hooks): an API class or a store can
  // be named by a page for one re-exported token or constant, and must not bring its own code to the sign-in page.
  if (!AUTH_PLUGINS.has(plugin!) || !AUTH_HELPER_FOLDER.test(file!)) return null;
  // A helper two auth pages import goes with the definitions (every auth route loads it); one only the sign-in page
  // (or another of its helpers) imports goes with that page.
  const pages = importers.filter((importer) => PLUGIN_FILE.exec(importer)?.[2]?.startsWith('pages/'));
  if (pages.length > 1) return 'plugin-definitions';
  if (importerGroups.includes('auth-forms')) return 'auth-forms';
  return null;
}

/** Every lazily imported module of a grouped chunk, under its source path, as Vite names a chunk's facade. */
export function withGroupedModules(
  manifest: ViteManifest,
  chunks: { fileName: string; moduleIds: readonly string[] }[],
  isDynamicEntry: (id: string) => boolean,
  root: string,
): ViteManifest {
  const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry] as const));
  const added: ViteManifest = {};
  for (const chunk of chunks) {
    const entry = byFile.get(chunk.fileName);
    if (!entry) continue;
    for (const id of chunk.moduleIds) {
      const key = relative(root, id);
      if (id.includes('\0') || manifest[key] || !isDynamicEntry(id)) continue;
      added[key] = { ...entry, src: key, isDynamicEntry: true } as ManifestChunk;
    }
  }
  return { ...manifest, ...added };
}

/** The `codeSplitting` option (vite.config.ts) and the plugin that completes the manifest. */
export function firstPaintChunks() {
  let chunks: { fileName: string; moduleIds: readonly string[] }[] = [];
  const dynamicEntries = new Set<string>();
  let outDir = 'dist';
  let root = process.cwd();
  let manifestFile: string | null = null;
  const plugin: Plugin = {
    name: 'first-paint-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      const manifest = config.build.manifest;
      manifestFile = manifest ? (typeof manifest === 'string' ? manifest : '.vite/manifest.json') : null;
    },
    buildEnd() {
      dynamicEntries.clear();
      for (const id of this.getModuleIds())
        if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) dynamicEntries.add(id);
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle)
        .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
        .map((chunk) => ({ fileName: chunk.fileName, moduleIds: chunk.moduleIds }));
    },
    // The manifest is written by Vite's own last plugins, after every generateBundle of ours.
    writeBundle() {
      if (!manifestFile) return;
      const file = resolve(root, outDir, manifestFile);
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
      writeFileSync(
        file,
        `${JSON.stringify(
          withGroupedModules(manifest, chunks, (id) => dynamicEntries.has(id), root),
          null,
          2,
        )}\n`,
      );
    },
  };
  return {
    plugin,
    codeSplitting: {
      groups: [
        // Everything the entry imports statically is on every route's first paint, so it goes in one chunk with
        // the entry. Left to itself Rolldown split it into 13 files (react, the container, MobX, the session
        // store...) because lazy chunks import them too: each split costs its import list and gzip context,
        // ~3 KiB gzip in all (docs/performance.md).
        { name: 'index', tags: ['$initial' as const] },
        {
          name: (id: string, context: { getModuleInfo: (id: string) => GroupedModule | null }) =>
            firstPaintGroup(id, (other) => context.getModuleInfo(other)),
          debugName: 'first-paint',
          // Each module is named above; what it imports keeps its own chunk (antd, for one, must not follow
          // the disabled context into a first-paint chunk).
          includeDependenciesRecursively: false,
        },
      ],
    },
  };
}
