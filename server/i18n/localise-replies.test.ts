import Fastify, { type FastifyInstance } from 'fastify';
import { localiseReplies } from './localise-replies';
import { serverI18n } from './server-i18n';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  localiseReplies(app, serverI18n());
  app.post('/logout', async () => ({ data: null, msg: 'sessions.loggedOut' }));
  app.get('/legacy', async () => ({ data: 1, msg: 'Something: still English.' }));
  app.get('/other', async () => ({ status: 'ok' }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, language?: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url, headers: language ? { 'accept-language': language } : {} }).then((r) => r.json());

describe('localiseReplies', () => {
  it('writes a success message in the language the request asks for', async () => {
    expect(await get('/logout', 'fr-FR,fr;q=0.9', 'POST')).toEqual({
      data: null,
      msg: 'Déconnexion réussie',
    });
    expect(await get('/logout', 'en', 'POST')).toEqual({ data: null, msg: 'Logged out successfully' });
  });

  it('answers in English without Accept-Language or for a language it does not ship', async () => {
    expect((await get('/logout', undefined, 'POST')).msg).toBe('Logged out successfully');
    expect((await get('/logout', 'de', 'POST')).msg).toBe('Logged out successfully');
  });

  it('leaves texts that are not keys, and answers without a message, as they are', async () => {
    expect(await get('/legacy', 'fr')).toEqual({ data: 1, msg: 'Something: still English.' });
    expect(await get('/other', 'fr')).toEqual({ status: 'ok' });
  });
});
