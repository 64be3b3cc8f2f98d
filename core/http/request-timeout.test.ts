import { delay, HttpResponse } from 'msw';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { PortalConfig } from '../config/portal-config';
import { createPortalContainer } from '../di/container';
import { i18nTranslator, Translator } from '../i18n/translator';
import { SessionStore } from '../session/session-store';
import { Notifier } from '../ui/notifier';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { ApiError, HttpClient } from './http-client';
import { bindCoreHttp, LazyHttpClient } from './index';
import { API, createSession, RecordingNotifier } from './test-harness';

/** The pipeline as the host wires it, with `requestTimeoutSeconds` from portal.config.json. */
async function pipeline(requestTimeoutSeconds: number, language = 'en') {
  const notifier = new RecordingNotifier();
  const container = createPortalContainer();
  container.constant(PortalConfig, { apiBaseUrl: API, requestTimeoutSeconds } as PortalConfig);
  container.constant(SessionStore, createSession());
  container.constant(Notifier, notifier);
  container.constant(Translator, i18nTranslator(createTestI18n(language)));
  bindCoreHttp(container);
  disposers.push(() => container.get(LazyHttpClient).dispose());
  return { http: container.get(HttpClient), notifier };
}

const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

const loginBody = { email: 'ada@example.com', password: 'Secret1!' };

describe('a request the server does not answer in time (requestTimeoutSeconds)', () => {
  it("gives up after the configured time and shows 'Please try again' once", async () => {
    server.use(
      onEndpoint(endpoints.login, async () => {
        await delay(5_000);
        return HttpResponse.json({ data: {}, msg: 'too late' });
      }),
    );
    const { http, notifier } = await pipeline(1);

    const started = Date.now();
    const error = await http.call(endpoints.login, { body: loginBody }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Please try again');
    expect((error as ApiError).aborted).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(notifier.errors).toEqual(['Please try again']);
  });

  it("says it in the user's language", async () => {
    server.use(
      onEndpoint(endpoints.login, async () => {
        await delay(5_000);
        return HttpResponse.json({ data: {}, msg: 'too late' });
      }),
    );
    const { http, notifier } = await pipeline(1, 'fr');
    await http.call(endpoints.login, { body: loginBody }).catch(() => undefined);
    expect(notifier.errors).toEqual(['Veuillez réessayer']);
  });

  it('lets an answer that arrives within the time through', async () => {
    server.use(
      onEndpoint(endpoints.login, async () => {
        await delay(200);
        return HttpResponse.json({ data: { tokenId: 't-1' }, msg: 'Welcome' });
      }),
    );
    const { http, notifier } = await pipeline(1);
    await expect(http.call(endpoints.login, { body: loginBody })).resolves.toMatchObject({ msg: 'Welcome' });
    expect(notifier.errors).toEqual([]);
  });
});
