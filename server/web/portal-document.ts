import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import {
  INJECTED_CONFIG_ELEMENT_ID,
  type InjectedConfig,
  type InjectedPayments,
  type SimulatedService,
} from '../../contract/portal-config/injected-config';
import { languageProblems } from '../../contract/portal-config/language-rules';
import { formatSchemaErrors } from '../../contract/portal-config/schema-errors';
import { withoutInvalidThemeColors } from '../../contract/portal-config/theme-colour-rules';
import type { ManifestRoute, RouteManifest } from '../../tooling/route-manifest';
import { staticClosure, type ViteManifest } from '../../tooling/vite-manifest';
import { CONFIG_AJV_OPTIONS } from '../../tooling/config-ajv-options';
import { deploymentLookOf, type DeploymentLook } from './deployment-look';
import type { LocaleFiles } from './locale-files';

/**
 * The portal's index.html for one page path, written so the browser can fetch everything the first paint needs
 * in one round trip (docs/performance.md, "One round trip"):
 * - the deployment's `portal.config.json` as it is at this request, validated with the schema the build composed
 *   (`.vite/portal-config.schema.json`) and with its defaults filled in, as a JSON data element the entry script
 *   reads instead of fetching the file and downloading the validator (core/config/load-config.ts);
 * - `modulepreload` links for what the entry would otherwise discover one request after another: the enabled
 *   plugins' definitions, the theme preset, the default language's texts (on an app route every enabled plugin's,
 *   which its side menu's labels need), and the layout and page of the route the path opens (found in `.vite/portal-routes.json`, tooling/route-manifest.ts), with every chunk they import;
 * - the texts the first paint shows, inline in the same data element: the default language's `core` namespace and
 *   the route's plugin's (on an app route every enabled plugin's, which its side menu's labels need), read from the
 *   locale folders at this request (locale-files.ts). Every other text the portal fetches from `/locales/…`.
 * A build without those files (or a config that cannot be read) gets index.html as built, and the browser
 * fetches `/portal.config.json` itself, as on a static host.
 */

/** The parts of a (validated) config this file reads. */
interface DocumentConfig {
  theme?: { preset?: string };
  i18n?: { defaultLanguage?: string };
  plugins?: Record<
    string,
    { enabled?: boolean; routes?: Record<string, { path?: string } | undefined> } | undefined
  >;
}

interface Build {
  /** index.html's modification time: a rebuild (development) is picked up at the next request. */
  stamp: number;
  html: string;
  manifest: ViteManifest | null;
  routes: RouteManifest | null;
  validate: ValidateFunction | null;
  /** Chunks index.html already loads: never listed again. */
  entryFiles: Set<string>;
}

/** Around what this file adds, so a test serving another config can take it out again (e2e/support/portal-config.ts). */
export const INJECTED_START = '<!-- portal-document -->';
export const INJECTED_END = '<!-- /portal-document -->';

const LAYOUT_MODULES: Record<string, string | undefined> = {
  auth: 'core/layout/auth-layout.tsx',
  app: 'core/layout/app-layout.tsx',
};

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** `<` written as `\u003c`, so no value in the config can close the data element. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Listed in the config and not switched off: the browser's rule (core/plugin/plugin-host.ts, enabledPluginIds). */
const isEnabled = (config: DocumentConfig, id: string) =>
  Boolean(config.plugins?.[id]) && config.plugins?.[id]?.enabled !== false;

/** The route a path opens, following a redirect route to its target (`/billing` shows `/billing/history`). */
function routeFor(path: string, routes: RouteManifest, config: DocumentConfig): ManifestRoute | undefined {
  const enabled = routes.plugins.filter((plugin) => isEnabled(config, plugin.id));
  const all = enabled.flatMap((plugin) =>
    plugin.routes.map((route) => ({
      ...route,
      path: config.plugins?.[plugin.id]?.routes?.[route.id]?.path ?? route.path,
    })),
  );
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let route = all.find((candidate) => candidate.path === normalised);
  for (let hops = 0; route?.redirectTo && hops < 5; hops += 1) {
    const target = route.redirectTo;
    route = all.find((candidate) => candidate.id === target);
  }
  return route;
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page white-labelled before any script runs: the brand name as its `<title>` (instead of the build's
 * "Account portal"), and the theme's background, text and brand colours on the document, so the first paint is
 * neither white nor the product's. The colours are validated hex values (deployment-look.ts), and the policy's
 * `style-src` already allows inline styles (antd writes its own), so the CSP is unchanged.
 */
export function withDeploymentLook(html: string, look: DeploymentLook): string {
  const { colors, background } = look;
  const style =
    `<style id="portal-look">:root{--portal-primary:${colors.primary};--portal-primary-contrast:${colors.primaryContrast};` +
    `--portal-background:${background};--portal-text-primary:${colors.textPrimary}}` +
    `html,body{background:${background};color:${colors.textPrimary}}</style>`;
  const head = `<meta name="theme-color" content="${colors.primary}">${style}`;
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(look.brandName)}</title>`);
  return titled.replace(/\n?( *)<\/head>/, (_, indent: string) => `\n${indent}  ${head}\n${indent}</head>`);
}

export class PortalDocuments {
  private build: Promise<Build> | null = null;

  constructor(
    private readonly webRoot: string,
    private readonly configFile: string,
    /** The simulations this deployment runs on for the config at this request (app.ts); none outside production. */
    private readonly simulatedServices: (config: unknown) => SimulatedService[] = () => [],
    /** The card processor the payment screens load in the browser (PAYMENT_PROVIDER=stripe); null = test. */
    private readonly payments: InjectedPayments | null = null,
    /** The portal's texts (LOCALES_DIR); none: the page carries no texts and the portal fetches them all. */
    private readonly locales: LocaleFiles | null = null,
  ) {}

  private async loadBuild(): Promise<Build> {
    const indexFile = join(this.webRoot, 'index.html');
    const stamp = (await stat(indexFile)).mtimeMs;
    const current = await this.build?.catch(() => null);
    if (current && current.stamp === stamp) return current;
    this.build = (async () => {
      const manifest = await readJson<ViteManifest>(join(this.webRoot, '.vite/manifest.json'));
      const schema = await readJson<object>(join(this.webRoot, '.vite/portal-config.schema.json'));
      const entryKeys = manifest ? Object.keys(manifest).filter((key) => manifest[key]!.isEntry) : [];
      const entryFiles = new Set(
        manifest ? [...staticClosure(manifest, entryKeys)].map((key) => manifest[key]!.file) : [],
      );
      return {
        stamp,
        html: await readFile(indexFile, 'utf8'),
        manifest,
        routes: await readJson<RouteManifest>(join(this.webRoot, '.vite/portal-routes.json')),
        validate: schema ? new Ajv(CONFIG_AJV_OPTIONS).compile(schema) : null,
        entryFiles,
      };
    })();
    return this.build;
  }

  /**
   * The deployment's config file as it is now: the top-level file, else the copy inside the build. `raw` is what
   * the page-policy headers read (portal-page-policy.ts); null when neither file can be read as JSON.
   */
  async readConfig(): Promise<unknown> {
    for (const file of [this.configFile, join(this.webRoot, 'portal.config.json')]) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        return null;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    }
    return null;
  }

  /** index.html for `path`, given the raw config {@link readConfig} returned. */
  async render(path: string, raw: unknown): Promise<string> {
    const build = await this.loadBuild();
    const html = raw === null ? build.html : withDeploymentLook(build.html, deploymentLookOf(raw));
    if (!build.validate || raw === null) return html;
    const warnings: string[] = [];
    const config = withoutInvalidThemeColors(structuredClone(raw), (warning) => warnings.push(warning));
    const simulatedServices = this.simulatedServices(config);
    const problems = build.validate(config)
      ? languageProblems(config as DocumentConfig)
      : formatSchemaErrors(build.validate.errors, config);
    const texts = problems.length === 0 ? await this.firstPaintTexts(build, path, config as DocumentConfig) : undefined;
    const injected: InjectedConfig = problems.length === 0
      ? {
          config,
          warnings,
          ...(texts ? { texts } : {}),
          ...(simulatedServices.length > 0 ? { simulatedServices } : {}),
          ...(this.payments ? { payments: this.payments } : {}),
        }
      : { problems };
    const head = [
      INJECTED_START,
      `<script type="application/json" id="${INJECTED_CONFIG_ELEMENT_ID}">${jsonForHtml(injected)}</script>`,
      ...('config' in injected ? this.preloadLinks(build, path, injected.config as DocumentConfig) : []),
      INJECTED_END,
    ];
    return html.replace(
      /\n?( *)<\/head>/,
      (_, indent: string) => `\n${indent}  ${head.join(`\n${indent}  `)}\n${indent}</head>`,
    );
  }

  /** The namespaces the first paint of `path` reads, in the default language, for the data element. */
  private async firstPaintTexts(build: Build, path: string, config: DocumentConfig) {
    if (!this.locales || !build.routes) return undefined;
    const language = config.i18n?.defaultLanguage ?? 'en';
    const route = routeFor(path, build.routes, config);
    const namespaces = new Set(['core']);
    if (route) namespaces.add(route.id.split('.')[0]!);
    // The app layout's side menu is labelled from every enabled plugin's texts (core/app/create-routes.tsx).
    if (route?.layout === 'app')
      build.routes.plugins.filter((plugin) => isEnabled(config, plugin.id)).forEach((p) => namespaces.add(p.id));
    return { language, resources: await this.locales.texts(language, [...namespaces]) };
  }

  private preloadLinks(build: Build, path: string, config: DocumentConfig): string[] {
    const { manifest, routes } = build;
    if (!manifest || !routes) return [];
    const route = routeFor(path, routes, config);
    const enabled = routes.plugins.filter((plugin) => isEnabled(config, plugin.id));
    const keys = [
      ...enabled.map((plugin) => plugin.entry),
      `themes/${config.theme?.preset ?? 'default'}.json`,
      ...(route ? [LAYOUT_MODULES[route.layout], route.page] : []),
    ].filter((key): key is string => Boolean(key));
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const key of staticClosure(manifest, keys)) {
      const chunk = manifest[key]!;
      if (!build.entryFiles.has(chunk.file)) scripts.add(chunk.file);
      chunk.css?.forEach((file) => styles.add(file));
    }
    // The entry's own stylesheet is already a <link> in index.html.
    for (const key of Object.keys(manifest))
      if (manifest[key]!.isEntry) manifest[key]!.css?.forEach((file) => styles.delete(file));
    return [
      ...[...scripts].map(
        (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
      ),
      ...[...styles].map(
        (file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`,
      ),
    ];
  }
}
