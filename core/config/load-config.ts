import { validateThemePreset } from 'virtual:portal-theme-validator';
import { BootError } from '../plugin/plugin-host';
import {
  INJECTED_CONFIG_ELEMENT_ID,
  type InjectedConfig,
  type InjectedTexts,
} from '@contract/portal-config/injected-config';
import { formatSchemaErrors } from '@contract/portal-config/schema-errors';
import type { PortalConfig, ThemeColors } from './portal-config';

/** Validates a theme preset from `themes/<name>.json`. */
export function parseThemePreset(raw: unknown, name: string): ThemeColors {
  if (!validateThemePreset(raw)) {
    throw new BootError(
      formatSchemaErrors(validateThemePreset.errors, raw).map((l) => `themes/${name}.json ${l}`),
      'config',
    );
  }
  return raw as ThemeColors;
}

/**
 * The configuration the API server put into the page (contract/portal-config/injected-config.ts), or null when the page has none.
 * Throws the server's problems as a config {@link BootError}.
 */
export function readInjectedConfig(doc: Document = document): PortalConfig | null {
  const element = doc.getElementById(INJECTED_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  const injected = JSON.parse(element.textContent) as InjectedConfig<PortalConfig>;
  if ('problems' in injected) throw new BootError(injected.problems, 'config');
  injected.warnings.forEach((warning) => console.warn(warning));
  return injected.config;
}

/** The texts the API server put into the page for its first paint (contract/portal-config/injected-config.ts). */
export function readInjectedTexts(doc: Document = document): InjectedTexts | undefined {
  const text = doc.getElementById(INJECTED_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const injected = JSON.parse(text) as InjectedConfig;
  return 'texts' in injected ? injected.texts : undefined;
}

/**
 * The deployment's configuration at run time, so a deployment changes it without a rebuild: the copy the API
 * server put into the page, else `/portal.config.json` fetched and validated here (static hosting, `npm run dev`).
 */
export async function fetchConfig(url = '/portal.config.json'): Promise<PortalConfig> {
  const injected = readInjectedConfig();
  if (injected) return injected;
  // The validator is a chunk of its own: a page the server configured never downloads it.
  const parsing = import('./parse-config');
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache' });
  } catch {
    throw new BootError([`${url}: could not be downloaded`], 'config');
  }
  if (!response.ok) throw new BootError([`${url}: the server answered ${response.status}`], 'config');
  const { parseConfig, parseConfigText } = await parsing;
  return parseConfig(parseConfigText(await response.text(), url));
}
