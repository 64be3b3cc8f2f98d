import { endpoints } from '../../../contract/v1/endpoints';
import type texts from '../../../locales/en/branding.server.json';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { BRANDING_MESSAGES, BrandingService } from './branding-service';
import { brandingSeed } from './seed';

// The module's answers and mails live in locales/<lang>/branding.server.json; this makes their keys known.
declare module '../../i18n/message' {
  interface FeatureServerTexts {
    branding: typeof texts;
  }
}

/**
 * Served logos can never run code or reach anything: no script, style sheet, font or image may load from inside one
 * (inline style attributes of an SVG excepted), and `sandbox` treats a logo opened on its own as a foreign origin.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** A logo's URL names one stored file that never changes (a new upload is a new id): cache it for a year. */
export const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Branding (docs/branding.md): each organisation's logos and colours for every portal of the product family, and
 * the stored logo files. The router checks `branding.manage` in the organisation of the access token.
 */
export default defineServerModule({
  name: 'branding',
  needs: ['access', 'audit', 'authenticate', 'clock', 'db', 'svgSanitiser'],
  seed: brandingSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const branding = new BrandingService(services);
    const route = contractRouter(app, authenticate, services.access);

    route(endpoints.branding, async (request) => ({
      data: { portals: await branding.list(request.auth) },
      msg: BRANDING_MESSAGES.list,
    }));

    route(endpoints.updateBranding, async (request) => ({
      data: { portals: await branding.updateColours(request.auth, request.body, request) },
      msg: BRANDING_MESSAGES.updated,
    }));

    route(endpoints.resetBranding, async (request) => ({
      data: { portals: await branding.reset(request.auth, request.query, request) },
      msg: BRANDING_MESSAGES.reset,
    }));

    route(endpoints.logo, async (request) => ({
      data: await branding.logos(request.auth, request.query.portalId),
      msg: BRANDING_MESSAGES.logo,
    }));

    route(endpoints.updateLogo, async (request) => {
      const data = await branding.updateLogo(request.auth, request.body, request);
      const msg =
        request.body.data === null
          ? BRANDING_MESSAGES.logoRemoved
          : data.cleaned
            ? BRANDING_MESSAGES.logoCleaned
            : BRANDING_MESSAGES.logoSaved;
      return { data, msg };
    });

    route(endpoints.logoFile, async (request, reply) => {
      const logo = await branding.logoFile(request.params.logoId);
      reply
        .header('content-type', logo.mediaType)
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        // The portal (and a portal on another origin, through apiBaseUrl) shows it in an <img>.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline')
        .header('etag', logo.etag);
      if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send() as never;
      // The answer is the image, not the JSON envelope the contract router types handlers with.
      return reply.send(logo.data) as never;
    });

    // After the app's own onSend (which marks every /v1 answer no-store): a logo is public and immutable.
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url === endpoints.logoFile.path && reply.statusCode < 400)
        reply.header('cache-control', LOGO_CACHE_CONTROL);
    });
  },
});
