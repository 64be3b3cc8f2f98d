import { endpoints } from '../contract/v1/endpoints.ts';
import { browserEndpointsModule, contractEndpoints, loadEndpointTable } from './vite-contract-endpoints.ts';

type Route = { method: string; path: string; auth: string; permission?: string };

const routesOf = (table: Record<string, Route>) =>
  Object.fromEntries(
    Object.entries(table).map(([name, { method, path, auth, permission }]) => [
      name,
      permission ? { method, path, auth, permission } : { method, path, auth },
    ]),
  );

/** Imports generated source the way the browser would: as an ES module of its own. */
async function importSource(source: string): Promise<{ endpoints: Record<string, unknown> }> {
  return import(`data:text/javascript,${encodeURIComponent(source)}`);
}

describe('the browser copy of the endpoint table', () => {
  it('keeps every endpoint with its method, path, auth and permission, and nothing else', async () => {
    const browser = await importSource(browserEndpointsModule(await loadEndpointTable()));

    expect(browser.endpoints).toEqual(routesOf(endpoints));
    expect(Object.keys(browser.endpoints)).toEqual(Object.keys(endpoints));
    expect(JSON.stringify(browser.endpoints)).not.toContain('schemas');
    // The portal may hide what a role cannot do: the permission an organisation endpoint needs reaches it.
    expect(browser.endpoints.setAppStatus).toEqual(expect.objectContaining({ permission: 'apps.manage' }));
  });

  it('answers the specifier and the table file, however it is imported, and nothing else', () => {
    const plugin = contractEndpoints();
    const resolveId = plugin.resolveId as (id: string, importer?: string) => string | null;
    const table = new URL('../contract/v1/endpoints.ts', import.meta.url).pathname;
    const virtual = resolveId('@contract/v1/endpoints');

    expect(virtual).toEqual(expect.any(String));
    expect(resolveId(table)).toBe(virtual);
    expect(resolveId(table.replace(/\.ts$/, ''))).toBe(virtual);
    expect(resolveId('./endpoints', new URL('../contract/v1/index.ts', import.meta.url).pathname)).toBe(
      virtual,
    );
    expect(resolveId('@contract/v1/endpoint')).toBeNull();
    expect(resolveId('./endpoint', table)).toBeNull();
  });
});
