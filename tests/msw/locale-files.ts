import { http, HttpResponse } from 'msw';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `GET /locales/<lang>/<namespace>.json` as the API server answers it (server/web/locale-files.ts), from the
 * project's locale files and the fixture plugins': for tests that start the portal as the app does, which reads its
 * texts over HTTP.
 * @example
 * server.use(localeFiles());
 */
export function localeFiles() {
  return http.get('*/locales/:language/:file', ({ params }) => {
    const { language, file } = params as { language: string; file: string };
    for (const folder of ['locales', 'tests/fixtures/locales']) {
      try {
        return HttpResponse.json(JSON.parse(readFileSync(join(folder, language, file), 'utf8')) as object);
      } catch {
        // not in this folder
      }
    }
    return HttpResponse.json({ msg: 'http.notFound', code: 'NOT_FOUND' }, { status: 404 });
  });
}
