import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { describeJsonError, parseJsonText } from '../../contract/portal-config/json-text';
import type { App } from '../http/types';

/** A language code as the config's schema allows it (`en`, `pt-BR`, `en-XA`). */
const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;
/** A namespace is `core` or a plugin id: kebab-case. */
const NAMESPACE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The server's own texts (answers and mail) are read by the server, never by the portal. */
const SERVER_ONLY = new Set(['server']);

/** One locale file as it is on disk, with what it takes to send it: compressed once per version, not per request. */
interface LocaleFile {
  mtimeMs: number;
  size: number;
  json: Buffer;
  /** The parsed texts, for the page's inline copy (portal-document.ts). */
  texts: Record<string, unknown>;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

export type LocaleFileAnswer = LocaleFile | 'missing' | 'invalid';

/**
 * The portal's texts, read at each request from the deployment's folders (LOCALES_DIR, then the copy inside the
 * build, which also holds the texts of a build's extra plugins), so adding `locales/de/` or editing a text needs
 * no rebuild and no restart. A file is kept in memory until its size or modification time changes.
 */
export class LocaleFiles {
  private readonly cache = new Map<string, LocaleFile>();

  constructor(
    private readonly folders: readonly string[],
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether `language` and `namespace` name a file the portal may read (no path can leave the folders). */
  static isServed(language: string, namespace: string): boolean {
    return LANGUAGE.test(language) && NAMESPACE.test(namespace) && !SERVER_ONLY.has(namespace);
  }

  async read(language: string, namespace: string): Promise<LocaleFileAnswer> {
    if (!LocaleFiles.isServed(language, namespace)) return 'missing';
    for (const folder of this.folders) {
      const path = join(folder, language, `${namespace}.json`);
      let facts: { mtimeMs: number; size: number };
      try {
        facts = await stat(path);
      } catch {
        continue;
      }
      const cached = this.cache.get(path);
      if (cached && cached.mtimeMs === facts.mtimeMs && cached.size === facts.size) return cached;
      const json = await readFile(path).catch(() => null);
      if (!json) continue;
      const parsed = parseJsonText(json.toString('utf8'));
      if (!parsed.ok || !isObject(parsed.value)) {
        // A broken file would break every text of its namespace: the portal falls back to English instead.
        this.log?.error(
          parsed.ok ? `${path}: must hold a JSON object of texts` : describeJsonError(path, parsed),
        );
        return 'invalid';
      }
      const file: LocaleFile = {
        ...facts,
        json,
        texts: parsed.value,
        etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`,
        br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(json, { level: 9 }),
      };
      this.cache.set(path, file);
      return file;
    }
    return 'missing';
  }

  /** The texts of each namespace that exists for `language` (the page's inline copy); missing ones are left out. */
  async texts(language: string, namespaces: readonly string[]): Promise<Record<string, Record<string, unknown>>> {
    const files = await Promise.all(namespaces.map((namespace) => this.read(language, namespace)));
    return Object.fromEntries(
      namespaces.flatMap((namespace, i) => {
        const file = files[i]!;
        return typeof file === 'object' ? [[namespace, file.texts]] : [];
      }),
    );
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `GET /locales/<lang>/<namespace>.json`: revalidated at every use (`no-cache`) against an ETag of the content, so
 * an edited text reaches the next page load and an unchanged one costs a 304; sent compressed as the browser
 * accepts, compressed once per version of the file.
 */
export function registerLocaleFiles(app: App, files: LocaleFiles): void {
  app.get<{ Params: { language: string; file: string } }>(
    '/locales/:language/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { language, file } = request.params;
      const namespace = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
      const found = await files.read(language, namespace);
      if (typeof found !== 'object') return reply.status(404).send({ msg: 'http.notFound', code: 'NOT_FOUND' });
      reply
        .header('cache-control', 'no-cache')
        .header('etag', found.etag)
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match'] === found.etag) return reply.status(304).send();
      const accepted = request.headers['accept-encoding'] ?? '';
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(found.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(found.gzip);
      return reply.send(found.json);
    },
  );
}
