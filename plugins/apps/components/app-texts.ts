import type { AppListItem } from '@contract/v1/apps';
import type { TFunction } from 'i18next';

/**
 * An app's name and description in the reader's language. The product's own apps (those of a portal) read
 * `catalogue.<portalKey>` of apps.json, so they are translated like every other text; the server's English is
 * the fallback for a portal the locale files do not list yet. A partner app's texts are the partner's own and
 * are shown as sent (isolated, since they may be in another script than the page: core's `Bdi`).
 * @example appTexts(t, app).description // 'Intégrez les flux documentaires à vos propres produits.' in French
 */
export function appTexts(t: TFunction, app: AppListItem): { title: string; description: string } {
  if (app.thirdParty || !app.portalKey) return { title: app.title, description: app.description };
  return {
    title: t(`catalogue.${app.portalKey}.title`, { defaultValue: app.title }),
    description: t(`catalogue.${app.portalKey}.description`, { defaultValue: app.description }),
  };
}
