import { AA_CONTRAST, readableText, worstContrast } from './contrast';
import type { ThemeColors } from './theme-colors';
import { warnOnce } from './warn-once';

/**
 * The light surfaces body text sits on: the page background and the cards, dialogs and forms on it. ThemeRoot
 * writes them as `--portal-background` and `--portal-surface`, so the CSS and the contrast check cannot drift.
 */
export const SURFACES = Object.freeze({ background: '#F5F7FB', surface: '#FFFFFF' });

/** The theme's colours after the readability rule, plus the primary colour as it may be used for text. */
export interface ReadableThemeColors extends ThemeColors {
  /** The primary colour where it is text on a light surface (links, the brand name beside a form). */
  link: string;
}

interface Pair {
  /** The slot the text colour is written to. */
  slot: keyof ReadableThemeColors;
  text: string;
  /** What the text is written on: one colour, or every surface it appears on. */
  on: readonly string[];
  describe: string;
}

function pairsOf(colors: ThemeColors): Pair[] {
  const surfaces = [SURFACES.background, SURFACES.surface];
  return [
    {
      slot: 'primaryContrast',
      text: colors.primaryContrast,
      on: [colors.primary],
      describe: `primaryContrast ${colors.primaryContrast} on primary ${colors.primary}`,
    },
    {
      slot: 'secondaryContrast',
      text: colors.secondaryContrast,
      on: [colors.secondary],
      describe: `secondaryContrast ${colors.secondaryContrast} on secondary ${colors.secondary}`,
    },
    {
      slot: 'textPrimary',
      text: colors.textPrimary,
      on: surfaces,
      describe: `textPrimary ${colors.textPrimary} (body text) on ${surfaces.join(' and ')}`,
    },
    {
      slot: 'link',
      text: colors.primary,
      on: surfaces,
      describe: `primary ${colors.primary} as link text on ${surfaces.join(' and ')}`,
    },
  ];
}

/**
 * Applies the readability rule to a colour set: every text colour must reach WCAG AA (4.5:1) on what it is
 * written on, and one that does not is replaced by the nearest readable colour (darkened or lightened toward
 * black or white) with a console warning naming the pair and `source` (docs/theming.md).
 * @example
 * readableTheme({ ...DEFAULT_THEME_COLORS, primaryContrast: '#FFFFFF', primary: '#F5A623' }, 'theme.colors')
 * // primaryContrast darkened to a grey that reads on the orange, and one warning
 */
export function readableTheme(colors: ThemeColors, source: string): ReadableThemeColors {
  const result: ReadableThemeColors = { ...colors, link: colors.primary };
  for (const { slot, readable, warning } of unreadablePairs(colors, source)) {
    warnOnce(warning);
    result[slot] = readable;
  }
  return result;
}

/**
 * The warnings {@link readableTheme} gives for `colors`, without applying them: `npm run check-config` prints them
 * before a deployment does (scripts/check-config.ts).
 */
export function contrastWarnings(colors: ThemeColors, source: string): string[] {
  return unreadablePairs(colors, source).map(({ warning }) => warning);
}

function unreadablePairs(colors: ThemeColors, source: string) {
  return pairsOf(colors).flatMap((pair) => {
    const readable = readableText(pair.text, pair.on);
    if (readable === pair.text) return [];
    const ratio = worstContrast(pair.text, pair.on).toFixed(2);
    const warning = `Theme (${source}): ${pair.describe} has a contrast of ${ratio}:1, below ${AA_CONTRAST}:1 (WCAG AA); ${readable} is used instead.`;
    return [{ slot: pair.slot, readable, warning }];
  });
}

/** Every pair of {@link readableTheme} with its contrast, for tests and diagnostics. */
export function themeContrasts(colors: ReadableThemeColors): { pair: string; ratio: number }[] {
  const surfaces = [SURFACES.background, SURFACES.surface];
  return [
    { pair: 'primaryContrast on primary', ratio: worstContrast(colors.primaryContrast, [colors.primary]) },
    {
      pair: 'secondaryContrast on secondary',
      ratio: worstContrast(colors.secondaryContrast, [colors.secondary]),
    },
    { pair: 'textPrimary on the surfaces', ratio: worstContrast(colors.textPrimary, surfaces) },
    { pair: 'link on the surfaces', ratio: worstContrast(colors.link, surfaces) },
  ];
}
