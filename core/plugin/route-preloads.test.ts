import { afterEach, vi } from 'vitest';
import { loadRoutePreloads, preloadRoute, resetRoutePreloads } from './route-preloads';

const list = {
  files: ['assets/members-page-1.js', 'assets/table-1.js', 'assets/history-page-1.js'],
  routes: { 'acl.members': [0, 1], 'billing.history': [2, 1] },
};

function serve(response: () => Promise<Response>) {
  const fetch = vi.fn(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  resetRoutePreloads();
  document.head.innerHTML = '';
});

describe('preloading a page from route-preloads.json', () => {
  it('links every chunk of the opened page, each once, and reads the file once', async () => {
    const fetch = serve(async () => Response.json(list));
    void loadRoutePreloads('/');
    await preloadRoute('acl.members', '/');
    expect(preloaded()).toEqual(['/assets/members-page-1.js', '/assets/table-1.js']);
    await preloadRoute('billing.history', '/');
    await preloadRoute('acl.members', '/');
    expect(preloaded()).toEqual([
      '/assets/members-page-1.js',
      '/assets/table-1.js',
      '/assets/history-page-1.js',
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/route-preloads.json');
  });

  it('waits for a list on its way, and links nothing before boot asked for it', async () => {
    serve(async () => Response.json(list));
    await preloadRoute('acl.members', '/');
    expect(preloaded()).toEqual([]);
    let arrive!: (response: Response) => void;
    serve(() => new Promise<Response>((resolve) => (arrive = resolve)));
    void loadRoutePreloads('/');
    const preloading = preloadRoute('acl.members', '/');
    arrive(Response.json(list));
    await preloading;
    expect(preloaded()).toEqual(['/assets/members-page-1.js', '/assets/table-1.js']);
  });

  it('opens pages without preloads when the file is missing or unreadable', async () => {
    serve(async () => new Response('not found', { status: 404 }));
    await loadRoutePreloads('/');
    await preloadRoute('acl.members', '/');
    resetRoutePreloads();
    serve(async () => {
      throw new TypeError('offline');
    });
    await expect(loadRoutePreloads('/')).resolves.toBeNull();
    await preloadRoute('acl.members', '/');
    expect(preloaded()).toEqual([]);
  });
});
