import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { BootError } from '../plugin/plugin-host';
import { INJECTED_CONFIG_ELEMENT_ID } from '@contract/portal-config/injected-config';
import { fetchConfig, parseThemePreset } from './load-config';
import { parseConfig } from './parse-config';

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;
/** What a script URL must look like: the schema's rule for captcha and supportChat `scriptUrl`. */
const SCRIPT_URL_PATTERN = (
  JSON.parse(readFileSync('core/config/portal-config.schema.json', 'utf8')) as {
    properties: { captcha: { properties: { scriptUrl: { pattern: string } } } };
  }
).properties.captcha.properties.scriptUrl.pattern;

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof BootError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('portal.config.json validation', () => {
  it('accepts the shipped config and fills in defaults', () => {
    const config = parseConfig(shipped);
    expect(config.apiBaseUrl).toBe('/');
    expect(config.idleWarningSeconds).toBe(120);
    expect(config.region).toEqual({ timeZone: 'Australia/Sydney', format: 'DD/MM/YYYY hh:mm A' });
  });

  it('fills defaults for a minimal config, nested ones included', () => {
    const config = parseConfig({ apiBaseUrl: 'https://api.example.com', plugins: { 'fixture-hello': {} } });
    expect(config.landingRoute).toBe('/dashboard');
    expect(config.authLayout.variant).toBe(1);
    expect(config.i18n).toEqual({ languages: ['en', 'fr'], defaultLanguage: 'en' });
    expect(config.organizationLimit).toBe(5);
    expect(config.plugins['fixture-hello']).toEqual({ enabled: true, settings: { greetingName: 'world' } });
  });

  it('gives API calls a 30 s time limit unless requestTimeoutSeconds says otherwise', () => {
    expect(parseConfig(shipped).requestTimeoutSeconds).toBe(30);
    expect(parseConfig({ ...shipped, requestTimeoutSeconds: 5 }).requestTimeoutSeconds).toBe(5);
    expect(problemsOf(() => parseConfig({ ...shipped, requestTimeoutSeconds: 0 }))).toEqual([
      '/requestTimeoutSeconds: must be >= 1',
    ]);
  });

  it("takes a captcha provider's script from captcha.scriptUrl only from https with a named host, or http on this machine", () => {
    expect(parseConfig(shipped).captcha.scriptUrl).toBeUndefined();
    const proxied = {
      provider: 'recaptcha',
      siteKey: 'k',
      scriptUrl: 'https://www.recaptcha.net/recaptcha/api.js',
    };
    expect(parseConfig({ ...shipped, captcha: proxied }).captcha.scriptUrl).toBe(proxied.scriptUrl);
    const local = { ...proxied, scriptUrl: 'http://127.0.0.1:9/recaptcha/api.js' };
    expect(parseConfig({ ...shipped, captcha: local }).captcha.scriptUrl).toBe(local.scriptUrl);
    // A wildcard or a `;` in the host would widen or split the page's Content-Security-Policy.
    for (const scriptUrl of ['javascript:alert(1)', 'https://*/x.js', 'https://a;b/x.js', 'http://cdn.example.com/x.js']) {
      expect(problemsOf(() => parseConfig({ ...shipped, captcha: { ...proxied, scriptUrl } }))).toEqual([
        `/captcha/scriptUrl: must match pattern "${SCRIPT_URL_PATTERN}" (got "${scriptUrl}")`,
      ]);
      expect(
        problemsOf(() => parseConfig({ ...shipped, supportChat: { provider: 'crisp', siteId: 's', scriptUrl } })),
      ).toEqual([`/supportChat/scriptUrl: must match pattern "${SCRIPT_URL_PATTERN}" (got "${scriptUrl}")`]);
    }
  });

  it('rejects auth layout variant 5 with its path', () => {
    expect(problemsOf(() => parseConfig({ ...shipped, authLayout: { variant: 5 } }))).toEqual([
      '/authLayout/variant: must be <= 4',
    ]);
  });

  it('rejects an unknown plugin id and names it', () => {
    expect(
      problemsOf(() => parseConfig({ ...shipped, plugins: { 'no-such-plugin': { enabled: true } } })),
    ).toEqual(['/plugins/no-such-plugin: unknown plugin id "no-such-plugin" (no such plugin in this build)']);
  });

  it('rejects a missing apiBaseUrl', () => {
    const { apiBaseUrl: _omit, ...rest } = shipped;
    expect(problemsOf(() => parseConfig(rest))).toEqual(['/apiBaseUrl: is required']);
  });

  it('drops a bad hex colour of the config theme with a warning naming the path, so the preset colour applies', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const config = parseConfig({
        ...shipped,
        theme: { colors: { primary: 'navy', secondary: '#0B1F44CC', textPrimary: 42 } },
      });
      expect(config.theme.colors).toEqual({ secondary: '#0B1F44CC' });
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringMatching(
          /^portal\.config\.json \/theme\/colors\/primary: "navy" is not a hex colour of 6 or more digits/,
        ),
        expect.stringMatching(/^portal\.config\.json \/theme\/colors\/textPrimary: 42 is not a hex colour/),
      ]);
    } finally {
      warn.mockRestore();
    }
    expect(parseConfig({ ...shipped, theme: { colors: { primary: '#0B1F447' } } }).theme.colors).toEqual({
      primary: '#0B1F447',
    });
  });

  it('still rejects an unknown theme colour slot, and a bad hex colour in a preset, with the path', () => {
    expect(problemsOf(() => parseConfig({ ...shipped, theme: { colors: { accent: '#000000' } } }))).toEqual([
      '/theme/colors/accent: unknown key "accent"',
    ]);
    const preset = {
      primary: '#12345',
      primaryContrast: '#ffffff',
      secondary: '#eeeeee',
      secondaryContrast: '#000000',
      textPrimary: '#111111',
    };
    expect(problemsOf(() => parseThemePreset(preset, 'broken'))).toEqual([
      'themes/broken.json /primary: must be a hex colour of 6 or more digits, like #0B1F44 (got "#12345")',
    ]);
  });

  it('lists every failing path at once', () => {
    const problems = problemsOf(() =>
      parseConfig({ authLayout: { variant: 0 }, idleWarningSeconds: 'soon', plugins: { nope: {} } }),
    );
    expect(problems).toHaveLength(4);
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['/apiBaseUrl', '/authLayout/variant', '/idleWarningSeconds', '/plugins/nope']),
    );
  });

  it('rejects plugin settings that do not match the plugin schema', () => {
    expect(
      problemsOf(() =>
        parseConfig({ ...shipped, plugins: { 'fixture-hello': { settings: { greetingName: '' } } } }),
      ),
    ).toEqual(['/plugins/fixture-hello/settings/greetingName: must NOT have fewer than 1 characters']);
  });
});

describe('the configuration the API server put into the page', () => {
  const injectConfig = (value: unknown) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INJECTED_CONFIG_ELEMENT_ID;
    element.textContent = JSON.stringify(value);
    document.head.append(element);
  };
  afterEach(() => document.getElementById(INJECTED_CONFIG_ELEMENT_ID)?.remove());

  it('is used as it is, with no request for /portal.config.json', async () => {
    const config = parseConfig({ ...shipped, brandName: 'From the page' });
    injectConfig({ config, warnings: [] });
    const requested = vi.fn();
    server.use(http.get('/portal.config.json', () => (requested(), HttpResponse.json(shipped))));
    await expect(fetchConfig()).resolves.toEqual(config);
    expect(requested).not.toHaveBeenCalled();
  });

  it("shows the server's warnings in the console, as the browser's own validation would", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    injectConfig({
      config: parseConfig(shipped),
      warnings: ['portal.config.json /theme/colors/primary: "navy" is not a hex colour'],
    });
    await fetchConfig();
    expect(warn).toHaveBeenCalledWith('portal.config.json /theme/colors/primary: "navy" is not a hex colour');
    warn.mockRestore();
  });

  it("stops the start with the server's problems, each with its path", async () => {
    injectConfig({ problems: ['/authLayout/variant: must be <= 4'] });
    const error = await fetchConfig().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BootError);
    expect((error as BootError).problems).toEqual(['/authLayout/variant: must be <= 4']);
  });

  it('without one (a static host), fetches the file and validates it here', async () => {
    server.use(
      http.get('/portal.config.json', () => HttpResponse.json({ ...shipped, authLayout: { variant: 5 } })),
    );
    const error = await fetchConfig().catch((caught: unknown) => caught);
    expect((error as BootError).problems).toEqual([expect.stringContaining('/authLayout/variant')]);
  });
});
