import type { Endpoint } from './endpoint';

/** One feature's endpoints, by name: `export const billingEndpoints = { bills: endpoint(…), … } as const`. */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every group's endpoints in one table, typed entry by entry. */
export type MergedEndpoints<G extends Record<string, EndpointGroup>> = {
  [K in keyof UnionToIntersection<G[keyof G]>]: UnionToIntersection<G[keyof G]>[K];
};

/**
 * Merges the features' endpoint groups into the one table the server registers and the portal calls, and refuses
 * two features declaring the same endpoint name or the same method and path: a spread would silently keep the last
 * one, and two routes on one method and path would only fail when the server starts.
 * @example
 * export const endpoints = mergeEndpointGroups({ auth: authEndpoints, billing: billingEndpoints });
 */
export function mergeEndpointGroups<const G extends Record<string, EndpointGroup>>(
  groups: G,
): MergedEndpoints<G> {
  const table: Record<string, Endpoint> = {};
  const groupOfName = new Map<string, string>();
  const nameOfRoute = new Map<string, string>();
  for (const [group, entries] of Object.entries(groups)) {
    for (const [name, entry] of Object.entries(entries)) {
      const earlierGroup = groupOfName.get(name);
      if (earlierGroup !== undefined) {
        throw new Error(
          `Endpoint '${name}' is declared by both the '${earlierGroup}' and the '${group}' groups`,
        );
      }
      const route = `${entry.method} ${entry.path}`;
      const earlierName = nameOfRoute.get(route);
      if (earlierName !== undefined) {
        throw new Error(
          `${route} is declared twice: '${earlierName}' (${groupOfName.get(earlierName)}) and '${name}' (${group})`,
        );
      }
      groupOfName.set(name, group);
      nameOfRoute.set(route, name);
      table[name] = entry;
    }
  }
  return table as MergedEndpoints<G>;
}
