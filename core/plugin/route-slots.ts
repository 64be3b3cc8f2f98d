import { canAccess, type AccessSubject } from '../guards/access';
import type { RoleRule } from '../config/portal-config';
import type { PortalRoute } from './plugin-types';

/**
 * Named places in other plugins' screens where any plugin may add a page by route id, as Backstage's `attachTo`
 * does: the area's owner renders `<RouteSlot name="…" />`, a contributor declares `attachTo` on its route. Neither
 * imports the other, and an unknown name is a boot error (a typo would otherwise hide a page silently).
 * See docs/plugin-seams.md.
 */
export const ROUTE_SLOTS = {
  /** The tabs of the user's own pages (details, security, …). */
  'user-area': {},
  /** The navigation between an organisation's pages (users, access control, settings, …). */
  'organisation-area': {},
  /** The navigation between billing pages. */
  'billing-area': {},
  /** The navigation between identity (KYC/KYB) pages. */
  'identity-area': {},
} as const satisfies Record<string, object>;

export type RouteSlotName = keyof typeof ROUTE_SLOTS;

/** A route's place in a slot: `labelKey` is in the route's plugin namespace; lower `order` comes first. */
export interface RouteSlotAttachment {
  slot: RouteSlotName;
  labelKey: string;
  order?: number;
}

/** One link of a slot, resolved at boot (path after config overrides). */
export interface RouteSlotEntry {
  routeId: string;
  path: string;
  labelKey: string;
  /** The contributing plugin's i18n namespace, which holds the label. */
  namespace: string;
  order: number;
  /** The route's role rule id, if any: the entry is hidden from users it denies. */
  access?: string;
}

/** Each slot's entries in order; an unknown slot name is a boot problem. */
export function resolveSlots(
  routes: PortalRoute[],
  problems: string[],
): Map<RouteSlotName, RouteSlotEntry[]> {
  const slots = new Map<RouteSlotName, RouteSlotEntry[]>();
  for (const route of routes) {
    const attach = route.attachTo;
    if (!attach) continue;
    if (!(attach.slot in ROUTE_SLOTS)) {
      problems.push(`Route "${route.id}" attaches to "${String(attach.slot)}", which is not a route slot`);
      continue;
    }
    const entries = slots.get(attach.slot) ?? [];
    entries.push({
      routeId: route.id,
      path: route.path,
      labelKey: attach.labelKey,
      namespace: route.id.split('.')[0]!,
      order: attach.order ?? 0,
      access: route.access,
    });
    slots.set(attach.slot, entries);
  }
  // Stable: entries with the same order keep the plugins' dependency order.
  for (const entries of slots.values()) entries.sort((a, b) => a.order - b.order);
  return slots;
}

/** The entries of a slot this user may open (the same role rules the routes' guards apply). */
export function visibleSlotEntries(
  entries: RouteSlotEntry[],
  roleRules: Record<string, RoleRule>,
  subject: AccessSubject,
): RouteSlotEntry[] {
  return entries.filter((entry) => canAccess(entry.access ? roleRules[entry.access] : undefined, subject));
}
