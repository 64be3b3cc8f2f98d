/**
 * The plugins' routes as data, read from their `index.ts` at build time, so the API server can tell which page a
 * path opens before any JavaScript runs and list that page's chunks as `modulepreload` links in index.html
 * (server/web/portal-document.ts, docs/performance.md "One round trip").
 *
 * A route is read when its object literal names `id`, `path` and `layout` as string literals and either `redirectTo`
 * (a string) or `load: () => import('./pages/…')`: the shape every shipped plugin uses. A route written any other
 * way still works in the browser; it is only not preloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ManifestRoute {
  id: string;
  path: string;
  layout: string;
  /** The page module as a key of Vite's manifest (a path relative to the project root). */
  page?: string;
  redirectTo?: string;
}

export interface ManifestPlugin {
  id: string;
  /** The plugin's definition module, as a key of Vite's manifest. */
  entry: string;
  routes: ManifestRoute[];
}

/** What `.vite/portal-routes.json` holds. */
export interface RouteManifest {
  plugins: ManifestPlugin[];
}

function stringProperty(node: ts.ObjectLiteralExpression, name: string): string | undefined {
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== name) continue;
    const value = property.initializer;
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
  }
  return undefined;
}

/** `() => import('./pages/x')`, also with `.then(…)` after it: the specifier, else undefined. */
function importedSpecifier(node: ts.ObjectLiteralExpression): string | undefined {
  let found: string | undefined;
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'load') continue;
    const visit = (child: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = child.arguments;
        if (argument && ts.isStringLiteral(argument)) found = argument.text;
        return;
      }
      ts.forEachChild(child, visit);
    };
    visit(property.initializer);
  }
  return found;
}

function resolveModule(specifier: string, importer: string): string | undefined {
  const base = resolve(dirname(importer), specifier);
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find(
    (candidate) => existsSync(candidate) && !candidate.endsWith('/'),
  );
}

/** The routes of one plugin definition file. */
export function readPluginRoutes(entryFile: string, root: string): ManifestRoute[] {
  const source = ts.createSourceFile(
    entryFile,
    readFileSync(entryFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const routes: ManifestRoute[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const id = stringProperty(node, 'id');
      const path = stringProperty(node, 'path');
      const layout = stringProperty(node, 'layout');
      if (id && path && layout) {
        const redirectTo = stringProperty(node, 'redirectTo');
        const specifier = importedSpecifier(node);
        const file = specifier ? resolveModule(specifier, entryFile) : undefined;
        if (redirectTo || file) {
          routes.push({
            id,
            path,
            layout,
            ...(file ? { page: relative(root, file) } : {}),
            ...(redirectTo ? { redirectTo } : {}),
          });
          return;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return routes;
}

export function buildRouteManifest(plugins: { id: string; entry: string }[], root: string): RouteManifest {
  return {
    plugins: plugins.map((plugin) => ({
      id: plugin.id,
      entry: relative(root, plugin.entry),
      routes: readPluginRoutes(plugin.entry, root),
    })),
  };
}
