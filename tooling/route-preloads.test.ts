import { routePreloads, isPluginDefinitionChunk, type BuiltChunk } from './route-preloads.ts';
import type { RouteManifest } from './route-manifest.ts';

const root = '/portal';
const chunk = (
  fileName: string,
  imports: string[] = [],
  facadeModuleId: string | null = null,
  isEntry = false,
): BuiltChunk => ({
  fileName,
  imports,
  facadeModuleId,
  isEntry,
});

// An entry with react; two pages sharing a table chunk that imports react; a redirect and a route without a page.
const chunks = [
  chunk('assets/index-1.js', ['assets/react-1.js'], '/portal/index.html', true),
  chunk('assets/react-1.js'),
  chunk(
    'assets/members-page-1.js',
    ['assets/table-1.js', 'assets/react-1.js'],
    '/portal/plugins/acl/pages/members-page.tsx',
  ),
  chunk('assets/history-page-1.js', ['assets/table-1.js'], '/portal/plugins/billing/pages/history-page.tsx'),
  chunk('assets/table-1.js', ['assets/pagination-1.js', 'assets/react-1.js']),
  chunk('assets/pagination-1.js'),
  chunk('assets/plugin-acl-1.js', [], '/portal/plugins/acl/index.ts'),
];
const manifest: RouteManifest = {
  plugins: [
    {
      id: 'acl',
      entry: 'plugins/acl/index.ts',
      routes: [
        { id: 'acl.members', path: '/members', layout: 'app', page: 'plugins/acl/pages/members-page.tsx' },
        { id: 'acl.root', path: '/acl', layout: 'app', redirectTo: 'acl.members' },
      ],
    },
    {
      id: 'billing',
      entry: 'plugins/billing/index.ts',
      routes: [
        {
          id: 'billing.history',
          path: '/billing/history',
          layout: 'app',
          page: 'plugins/billing/pages/history-page.tsx',
        },
        {
          id: 'billing.gone',
          path: '/billing/gone',
          layout: 'app',
          page: 'plugins/billing/pages/not-built.tsx',
        },
      ],
    },
  ],
};

const filesOf = (preloads: ReturnType<typeof routePreloads>, id: string) =>
  preloads.routes[id]!.map((index) => preloads.files[index]);

describe('route-preloads.json', () => {
  it("lists a page's chunk and every chunk it imports, deep, without what the entry already loaded", () => {
    const preloads = routePreloads(manifest, chunks, root);
    expect(filesOf(preloads, 'acl.members')).toEqual([
      'assets/members-page-1.js',
      'assets/table-1.js',
      'assets/pagination-1.js',
    ]);
    expect(filesOf(preloads, 'billing.history')).toEqual([
      'assets/history-page-1.js',
      'assets/table-1.js',
      'assets/pagination-1.js',
    ]);
  });

  it('names each file once, and lists no route without a built page', () => {
    const preloads = routePreloads(manifest, chunks, root);
    expect(preloads.files).toHaveLength(new Set(preloads.files).size);
    expect(preloads.files).toHaveLength(4);
    expect(Object.keys(preloads.routes).sort()).toEqual(['acl.members', 'billing.history']);
  });

  it("finds a page inside a group chunk that is not its facade (the sign-in page in the auth forms' chunk)", () => {
    const grouped = [
      chunk('assets/index-1.js', ['assets/react-1.js'], '/portal/index.html', true),
      chunk('assets/react-1.js'),
      {
        ...chunk('assets/auth-forms-1.js', ['assets/form-1.js', 'assets/react-1.js']),
        moduleIds: ['/portal/core/ui/form/form-field.tsx', '/portal/plugins/acl/pages/members-page.tsx'],
      },
      chunk('assets/form-1.js'),
    ];
    expect(filesOf(routePreloads(manifest, grouped, root), 'acl.members')).toEqual([
      'assets/auth-forms-1.js',
      'assets/form-1.js',
    ]);
  });

  it("recognises a plugin definition's chunk by the name vite.config.ts gives it", () => {
    expect(isPluginDefinitionChunk('assets/plugin-billing-DB1qxf9B.js')).toBe(true);
    expect(isPluginDefinitionChunk('assets/plugin-definitions-C4PJTRw8.js')).toBe(true);
    expect(isPluginDefinitionChunk('assets/history-page-DvT0hqAI.js')).toBe(false);
    expect(isPluginDefinitionChunk('assets/plugin-billing-DB1qxf9B.css')).toBe(false);
  });
});
