import { firstPaintGroup, withGroupedModules, type GroupedModule } from './first-paint-chunks.ts';
import type { ViteManifest } from './vite-manifest.ts';

const root = '/portal';
// importer lists of a small module graph, as Rolldown's module info gives them
const importers: Record<string, string[]> = {
  '/portal/plugins/sso/api/external-navigation.ts': [
    '/portal/plugins/sso/index.ts',
    '/portal/plugins/sso/pages/landing-page.tsx',
  ],
  '/portal/plugins/auth/components/auth-heading.tsx': [
    '/portal/plugins/auth/pages/login-page.tsx',
    '/portal/plugins/auth/pages/sign-up-page.tsx',
  ],
  '/portal/plugins/auth/hooks/use-delayed-navigate.ts': ['/portal/plugins/auth/pages/login-page.tsx'],
  '/portal/plugins/auth/components/orgs-account-list.tsx': ['/portal/plugins/auth/pages/orgs-page.tsx'],
  '/portal/plugins/auth/api/auth-api.ts': [
    '/portal/plugins/auth/pages/login-page.tsx',
    '/portal/plugins/auth/pages/sign-up-page.tsx',
  ],
  '/portal/core/ui/form/use-password-context.ts': [
    '/portal/core/ui/form/form-field.tsx',
    '/portal/core/ui/form/index.ts',
  ],
  '/portal/contract/rules/password-strength.ts': ['/portal/contract/rules/passwords.ts'],
  '/portal/core/ui/format/date.ts': [
    '/portal/core/ui/index.ts',
    '/portal/plugins/billing/pages/history-page.tsx',
  ],
};
const graph = (id: string): GroupedModule | null => ({ importers: importers[id] ?? [] });
const group = (id: string) => firstPaintGroup(`${root}/${id}`, graph);

describe('the chunks of first paint', () => {
  it('puts every plugin definition, and the files of its folder it imports, in one chunk', () => {
    expect(group('plugins/billing/index.ts')).toBe('plugin-definitions');
    expect(group('plugins/sso/index.ts')).toBe('plugin-definitions');
    expect(group('plugins/sso/api/external-navigation.ts')).toBe('plugin-definitions');
  });

  it('puts what nearly every route needs with the definitions: theme presets, language switcher, auth layout, rules', () => {
    expect(group('themes/ocean.json')).toBe('plugin-definitions');
    expect(group('core/layout/language-switcher.tsx')).toBe('plugin-definitions');
    expect(group('core/layout/auth-layout.tsx')).toBe('plugin-definitions');
    expect(group('core/ui/validation/field-rules.ts')).toBe('plugin-definitions');
    expect(group('contract/rules/passwords.ts')).toBe('plugin-definitions');
    // a rule added later goes where the rules that import it are, not into a request of its own
    expect(group('contract/rules/password-strength.ts')).toBe('plugin-definitions');
    expect(group('node_modules/antd/es/config-provider/DisabledContext.js')).toBe('plugin-definitions');
  });

  it("puts the form controls, react-hook-form and the sign-in page in the auth forms' chunk", () => {
    expect(group('core/ui/controls/email-input.tsx')).toBe('auth-forms');
    expect(group('core/ui/form/form-field.tsx')).toBe('auth-forms');
    expect(group('core/ui/form/use-password-context.ts')).toBe('auth-forms');
    expect(group('node_modules/react-hook-form/dist/index.esm.mjs')).toBe('auth-forms');
    expect(group('plugins/auth/pages/login-page.tsx')).toBe('auth-forms');
    expect(group('plugins/auth/hooks/use-delayed-navigate.ts')).toBe('auth-forms');
  });

  it('puts a helper two auth pages import with the definitions, since every auth route loads them', () => {
    expect(group('plugins/auth/components/auth-heading.tsx')).toBe('plugin-definitions');
  });

  it("leaves other pages, one page's own helpers, API classes, app code and antd to Rolldown", () => {
    expect(group('plugins/auth/pages/sign-up-page.tsx')).toBeNull();
    expect(group('plugins/auth/components/orgs-account-list.tsx')).toBeNull();
    expect(group('plugins/auth/api/auth-api.ts')).toBeNull();
    expect(group('plugins/billing/pages/history-page.tsx')).toBeNull();
    expect(group('core/ui/format/date.ts')).toBeNull();
    expect(group('core/index.ts')).toBeNull();
    expect(group('node_modules/antd/es/button/index.js')).toBeNull();
  });
});

describe('the build manifest of grouped chunks', () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    '_plugin-definitions-1.js': {
      file: 'assets/plugin-definitions-1.js',
      imports: ['index.html'],
      css: ['assets/d.css'],
    },
    'plugins/auth/pages/sign-up-page.tsx': { file: 'assets/sign-up-page-1.js', imports: ['index.html'] },
  };
  const chunks = [
    {
      fileName: 'assets/plugin-definitions-1.js',
      moduleIds: [
        '/portal/plugins/auth/index.ts',
        '/portal/plugins/auth/api/auth-api-token.ts',
        '/portal/plugins/apps/index.ts',
      ],
    },
  ];
  const lazy = new Set(['/portal/plugins/auth/index.ts', '/portal/plugins/apps/index.ts']);

  it('names each lazily imported module of a grouped chunk under its source path, with the chunk it is in', () => {
    const completed = withGroupedModules(manifest, chunks, (id) => lazy.has(id), root);
    expect(completed['plugins/auth/index.ts']).toEqual({
      file: 'assets/plugin-definitions-1.js',
      imports: ['index.html'],
      css: ['assets/d.css'],
      src: 'plugins/auth/index.ts',
      isDynamicEntry: true,
    });
    expect(completed['plugins/apps/index.ts']?.file).toBe('assets/plugin-definitions-1.js');
    // a module nothing imports lazily, and what Vite already named, stay as they were
    expect(completed['plugins/auth/api/auth-api-token.ts']).toBeUndefined();
    expect(completed['plugins/auth/pages/sign-up-page.tsx']).toEqual(
      manifest['plugins/auth/pages/sign-up-page.tsx'],
    );
  });
});
