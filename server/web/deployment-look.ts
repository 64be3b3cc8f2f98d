import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isHexColor, THEME_COLOR_SLOTS } from '../../contract/portal-config/theme-colour-rules';
import { projectRoot } from '../paths';

/** The five colour slots of a theme (themes/<preset>.json, docs/theming.md). */
export type LookColors = Record<(typeof THEME_COLOR_SLOTS)[number], string>;

/**
 * How the deployment presents itself, from its `portal.config.json`: the product name (`brandName`), its logo
 * (`logoUrl`) and the theme's colours (the preset with `theme.colors` laid over it). The served pages carry it
 * before any script runs (portal-document.ts) and every mail carries it (server/mail/templates.ts), so a
 * white-labelled deployment never shows the product's own name or navy.
 */
export interface DeploymentLook {
  brandName: string;
  logoUrl: string | null;
  colors: LookColors;
  /** The page's background behind cards (core/theme/readable-theme.ts SURFACES.background). */
  background: string;
}

/** The product's look: what a deployment without a readable config file shows (themes/default.json). */
export const PRODUCT_LOOK: DeploymentLook = Object.freeze({
  brandName: 'Kreano',
  logoUrl: null,
  colors: Object.freeze({
    primary: '#0B1F44',
    primaryContrast: '#FFFFFF',
    secondary: '#E8A33D',
    secondaryContrast: '#0B1F44',
    textPrimary: '#1B2233',
  }),
  background: '#F5F7FB',
});

const PRESET_NAME = /^[a-z0-9-]+$/;

function readJson(file: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The valid hex colours of `source`, slot by slot; anything else leaves the slot as it was. */
function overlay(colors: LookColors, source: unknown): LookColors {
  if (!source || typeof source !== 'object') return colors;
  const result = { ...colors };
  for (const slot of THEME_COLOR_SLOTS) {
    const value = (source as Record<string, unknown>)[slot];
    if (isHexColor(value)) result[slot] = value;
  }
  return result;
}

/**
 * The look of a raw (unvalidated) config: a missing or odd value is the product's, never a failure, since a
 * mail or a page must still go out (the portal itself reports the config's problems).
 * @example deploymentLookOf({ brandName: 'Acme Docs', theme: { preset: 'ocean' } }).colors.primary // '#006D77'
 */
export function deploymentLookOf(raw: unknown, themesFolder = join(projectRoot, 'themes')): DeploymentLook {
  const config = (raw && typeof raw === 'object' ? raw : {}) as {
    brandName?: unknown;
    logoUrl?: unknown;
    theme?: { preset?: unknown; colors?: unknown };
  };
  const presetName = typeof config.theme?.preset === 'string' ? config.theme.preset : 'default';
  const preset = PRESET_NAME.test(presetName) ? readJson(join(themesFolder, `${presetName}.json`)) : null;
  return {
    brandName:
      typeof config.brandName === 'string' && config.brandName.trim()
        ? config.brandName.trim()
        : PRODUCT_LOOK.brandName,
    logoUrl: typeof config.logoUrl === 'string' && config.logoUrl ? config.logoUrl : null,
    colors: overlay(overlay(PRODUCT_LOOK.colors, preset), config.theme?.colors),
    background: PRODUCT_LOOK.background,
  };
}

/**
 * The look of the config file as it is now, read again only when the file changed (a deployment swaps
 * `portal.config.json` without a restart, as the served pages do).
 */
export function deploymentLookFromFile(configFile: string): () => DeploymentLook {
  let cached: { stamp: number; look: DeploymentLook } | null = null;
  return () => {
    let stamp: number;
    try {
      stamp = statSync(configFile).mtimeMs;
    } catch {
      return PRODUCT_LOOK;
    }
    if (cached?.stamp !== stamp) cached = { stamp, look: deploymentLookOf(readJson(configFile)) };
    return cached.look;
  };
}
