/**
 * Branding's numbers and names that both the portal and the server use (docs/branding.md). No schema library
 * here: the portal bundles this file.
 */
import type { PortalKeyName } from './constants';

/**
 * Logo uploads: at most 1 MB (1,048,576 bytes) and 2000 × 2000 px, one of these types read from the bytes. An SVG
 * is a document the server parses to clean it, so it has tighter limits: 256 KB, 5,000 elements, 64 levels deep
 * (a designer's logo has tens to hundreds of elements a few levels deep).
 */
export const LOGO_LIMITS = {
  maxBytes: 1024 * 1024,
  maxWidth: 2000,
  maxHeight: 2000,
  svgMaxBytes: 256 * 1024,
  svgMaxElements: 5000,
  svgMaxDepth: 64,
} as const;

/** The logo types the server accepts, by the media type it detects from the file's bytes (never from its name). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** The two logos of a portal: on a light background (`logo`) and on a dark one (`darkLogo`). */
export const LOGO_VARIANTS = ['logo', 'darkLogo'] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

/**
 * The branding screen's tabs (`/branding/<tab>`) and the portal each one brands. `data-exchnage` is spelled that
 * way in the route by the spec; the page title is spelled correctly. The account portal (`admin`) is the default tab.
 */
export const BRANDING_TABS = {
  admin: 'kreanoAccount',
  developer: 'kreanoMods',
  id: 'kreanoId',
  redact: 'kreanoRedact',
  sign: 'kreanoSign',
  'data-exchnage': 'dataExchange',
} as const satisfies Record<string, PortalKeyName>;
export type BrandingTab = keyof typeof BRANDING_TABS;

/**
 * The largest base64 text of a logo the upload takes: 1 MB of bytes in base64 (4 characters per 3 bytes). A longer
 * text is refused with the size message before any decoding.
 */
export const LOGO_MAX_BASE64_LENGTH = Math.ceil(LOGO_LIMITS.maxBytes / 3) * 4;

/**
 * The body limit of PATCH /v1/logo, above the server's usual 1 MiB: room for the base64 of a file somewhat over
 * the limit, so that such a file is answered with the clear size message (400) rather than a bare 413.
 */
export const LOGO_UPLOAD_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
