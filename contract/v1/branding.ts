/**
 * Branding (docs/branding.md): each organisation brands every portal of the product family (logo, dark logo,
 * primary, secondary and text colour), the portal applies it after the organisation is chosen, and its mails carry
 * it. Endpoints: `brandingEndpoints` below (permission `branding.manage`); numbers and tab names the portal needs
 * without TypeBox in ./branding-limits.ts; the colour rule in contract/rules/colour.ts.
 */
import { Type, type Static } from 'typebox';
import { Envelope, Nullable, PortalKey, messages, ruleString } from './common';
import {
  LOGO_MAX_BASE64_LENGTH,
  LOGO_UPLOAD_BODY_LIMIT_BYTES,
  LOGO_VARIANTS,
  type LogoVariant,
} from './branding-limits';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/** `#RRGGBB` or `#RRGGBBAA`: the shared rule `brandColour` (the editor's fields run the same check). */
export const BrandColour = ruleString('brandColour');

/**
 * The portal being branded: its id (from GET /v1/portal) or its key (`kreanoAccount`…), as in
 * POST /v1/organization/access. An unknown portal answers 404 PORTAL_NOT_FOUND.
 */
export const BrandingPortalId = Type.String({
  minLength: 1,
  maxLength: 200,
  ...messages({
    required: 'server:validation.portalRequired',
    minLength: 'server:validation.portalRequired',
  }),
});

/** Whether the change applies to every portal of the organisation instead of `portalId` only. */
const SetToAllPortal = Type.Optional(Type.Boolean());

/**
 * One portal's branding for the active organisation. A null colour or logo is the product's default (the portal's
 * configured preset); logos are paths of GET /v1/branding/logo/:logoId (`/v1/branding/logo/<id>`, no host), public
 * and cacheable: the portal loads them from the API's origin (core/http/api-asset-url.ts).
 */
export const PortalBranding = Type.Object({
  portalId: Type.String(),
  portalKey: PortalKey,
  portalName: Type.String(),
  primaryColor: Nullable(Type.String()),
  secondaryColor: Nullable(Type.String()),
  /** Text on the primary colour (header, primary buttons, brand panel); the body text stays the preset's. */
  textColor: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  darkLogo: Nullable(Type.String()),
  /** When this portal's branding last changed; null while it has the product defaults and was never changed. */
  updatedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type PortalBranding = Static<typeof PortalBranding>;
export const PortalBrandingResponse = Envelope(PortalBranding);

/** GET /v1/branding: every portal's branding for the active organisation, in the portal catalogue's order. */
export const BrandingListData = Type.Object({ portals: Type.Array(PortalBranding) });
export type BrandingListData = Static<typeof BrandingListData>;
export const BrandingListResponse = Envelope(BrandingListData);

/**
 * PATCH /v1/branding: one or more colours of a portal (or, with `setToAllPortal`, of every portal). A colour left
 * out keeps its value; reset to the defaults is DELETE /v1/branding.
 */
export const UpdateBrandingBody = Type.Object(
  {
    portalId: BrandingPortalId,
    primaryColor: Type.Optional(BrandColour),
    secondaryColor: Type.Optional(BrandColour),
    textColor: Type.Optional(BrandColour),
    setToAllPortal: SetToAllPortal,
  },
  strict,
);
export type UpdateBrandingBody = Static<typeof UpdateBrandingBody>;

/** The answer of a change for one portal or (setToAllPortal) for all: every portal that changed. */
export const BrandingChangeData = Type.Object({ portals: Type.Array(PortalBranding) });
export type BrandingChangeData = Static<typeof BrandingChangeData>;
export const BrandingChangeResponse = Envelope(BrandingChangeData);

/** DELETE /v1/branding?portalId&setToAllPortal: back to the product defaults (colours and both logos). */
export const ResetBrandingQuery = Type.Object(
  { portalId: BrandingPortalId, setToAllPortal: SetToAllPortal },
  strict,
);
export type ResetBrandingQuery = Static<typeof ResetBrandingQuery>;

/** GET /v1/logo?portalId: a portal's two logos (absolute URLs, null = the product's). */
export const LogoQuery = Type.Object({ portalId: BrandingPortalId }, strict);
export type LogoQuery = Static<typeof LogoQuery>;
export const LogoData = Type.Object({
  portalId: Type.String(),
  logo: Nullable(Type.String()),
  darkLogo: Nullable(Type.String()),
});
export type LogoData = Static<typeof LogoData>;
export const LogoResponse = Envelope(LogoData);

export const LogoVariantName = Type.Unsafe<LogoVariant>(
  Type.String({ enum: [...LOGO_VARIANTS], ...messages({ enum: 'server:branding.logoVariantInvalid' }) }),
);

/**
 * PATCH /v1/logo: uploads (or, with `data: null`, removes) one logo of a portal. `data` is the file's bytes in
 * standard base64, without a `data:` prefix. The type is read from the bytes: PNG, JPEG or WebP (re-encoded, metadata
 * dropped) or SVG (sanitised: scripts, event handlers, external references and foreignObject are removed and the
 * answer says so with `cleaned: true`). At most 1 MB and 2000 × 2000 px (./branding-limits.ts).
 */
export const UpdateLogoBody = Type.Object(
  {
    portalId: BrandingPortalId,
    variant: LogoVariantName,
    data: Nullable(
      Type.String({
        minLength: 1,
        maxLength: LOGO_MAX_BASE64_LENGTH,
        pattern: '^[A-Za-z0-9+/]*={0,2}$',
        ...messages({
          minLength: 'server:branding.logoEmpty',
          maxLength: 'server:branding.logoTooLarge',
          pattern: 'server:branding.logoNotBase64',
        }),
      }),
    ),
    setToAllPortal: SetToAllPortal,
  },
  strict,
);
export type UpdateLogoBody = Static<typeof UpdateLogoBody>;
export const LogoChangeData = Type.Object({
  portals: Type.Array(PortalBranding),
  /** True when an SVG had scripts, event handlers, external references or foreign objects, now removed. */
  cleaned: Type.Boolean(),
});
export type LogoChangeData = Static<typeof LogoChangeData>;
export const LogoChangeResponse = Envelope(LogoChangeData);

/** GET /v1/branding/logo/:logoId: the stored image itself (public: mails and the login page show it). */
export const LogoFileParams = Type.Object(
  {
    logoId: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      ...messages({
        required: 'server:branding.logoNotFound',
        minLength: 'server:branding.logoNotFound',
        pattern: 'server:branding.logoNotFound',
        maxLength: 'server:branding.logoNotFound',
      }),
    }),
  },
  strict,
);
export type LogoFileParams = Static<typeof LogoFileParams>;
/** The 200 is the stored image, not JSON (documented for OpenAPI only). */
export const LogoFileResponse = Type.String({
  format: 'binary',
  description: 'The image bytes: image/png, image/jpeg, image/webp or image/svg+xml (sanitised), never JSON',
});

const OPENAPI_TAG = 'Branding';

/**
 * Branding (docs/branding.md): each portal's logos and colours for the organisation of the access token;
 * changes need branding.manage. The logo files themselves are public (mails and the login page show them).
 */
export const brandingEndpoints = {
  branding: endpoint(
    {
      method: 'GET',
      path: '/v1/branding',
      auth: 'session',
      permission: 'branding.manage',
      tag: OPENAPI_TAG,
      description:
        "Every portal's branding (colours, logo URLs) for the active organisation; null = the product default.",
    },
    { response: BrandingListResponse },
  ),
  updateBranding: endpoint(
    {
      method: 'PATCH',
      path: '/v1/branding',
      auth: 'session',
      permission: 'branding.manage',
      tag: OPENAPI_TAG,
      description:
        'Sets primary, secondary and text colours (#RRGGBB or #RRGGBBAA) of one portal, or of every portal with setToAllPortal.',
    },
    { body: UpdateBrandingBody, response: BrandingChangeResponse },
  ),
  resetBranding: endpoint(
    {
      method: 'DELETE',
      path: '/v1/branding',
      auth: 'session',
      permission: 'branding.manage',
      tag: OPENAPI_TAG,
      description:
        "Resets one portal's colours and logos (or every portal's, with setToAllPortal) to the product defaults.",
    },
    { query: ResetBrandingQuery, response: BrandingChangeResponse },
  ),
  logo: endpoint(
    {
      method: 'GET',
      path: '/v1/logo',
      auth: 'session',
      permission: 'branding.manage',
      tag: OPENAPI_TAG,
      description: "A portal's logo and dark logo URLs (null = the product's).",
    },
    { query: LogoQuery, response: LogoResponse },
  ),
  updateLogo: endpoint(
    {
      method: 'PATCH',
      path: '/v1/logo',
      auth: 'session',
      permission: 'branding.manage',
      tag: OPENAPI_TAG,
      bodyLimit: LOGO_UPLOAD_BODY_LIMIT_BYTES,
      description:
        'Uploads (base64 `data`) or removes (`data: null`) the logo or dark logo of one portal, or of every portal with setToAllPortal. PNG, JPEG, WebP or SVG by their bytes, at most 1 MB and 2000 × 2000 px; raster images are re-encoded without metadata, SVG is cleaned of scripts, event handlers, external references and foreignObject (`cleaned: true`).',
    },
    { body: UpdateLogoBody, response: LogoChangeResponse },
  ),
  logoFile: endpoint(
    {
      method: 'GET',
      path: '/v1/branding/logo/:logoId',
      auth: 'public',
      tag: OPENAPI_TAG,
      description:
        "A stored logo's image, with its own media type, Content-Security-Policy: default-src 'none', nosniff and an ETag; public because mails and the login page show it.",
    },
    { params: LogoFileParams, response: LogoFileResponse },
  ),
} as const;
