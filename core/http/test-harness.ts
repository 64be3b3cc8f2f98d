import { PortalConfig } from '../config/portal-config';
import { createPortalContainer } from '../di/container';
import { i18nTranslator, Translator } from '../i18n/translator';
import { SessionStore } from '../session/session-store';
import { Notifier } from '../ui/notifier';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { HttpClient } from './http-client';
import { bindCoreHttp, LazyHttpClient } from './index';
import { TokenRefresher } from './token-refresher';

/** Absolute so MSW can match it from jsdom. */
export const API = 'http://localhost';

/** Keeps what the pipeline showed, in order, so tests assert what the user saw. */
export class RecordingNotifier implements Notifier {
  readonly shown: { kind: 'success' | 'error' | 'info'; text: string }[] = [];
  success(text: string): void {
    this.shown.push({ kind: 'success', text });
  }
  error(text: string): void {
    this.shown.push({ kind: 'error', text });
  }
  info(text: string): void {
    this.shown.push({ kind: 'info', text });
  }
  get errors(): string[] {
    return this.shown.filter((s) => s.kind === 'error').map((s) => s.text);
  }
}

/** An unsigned JWT with `iat`/`exp` in seconds: the portal only reads them to schedule. */
export function jwt(iatMs: number, expMs: number, sub = 'user-1'): string {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub, iat: Math.floor(iatMs / 1000), exp: Math.floor(expMs / 1000) })}.sig`;
}

export interface Harness {
  http: HttpClient;
  refresher: TokenRefresher;
  session: SessionStore;
  notifier: RecordingNotifier;
  /** Resolves once the lazily loaded pipeline exists (and has scheduled its pre-expiry refresh). */
  ready: Promise<unknown>;
}

const disposers: (() => void)[] = [];

/** Wires the pipeline exactly as the host does: through the container and `bindCoreHttp`. */
export function createHarness(session: SessionStore, language = 'en'): Harness {
  const notifier = new RecordingNotifier();
  const container = createPortalContainer();
  container.constant(PortalConfig, { apiBaseUrl: API } as PortalConfig);
  container.constant(SessionStore, session);
  container.constant(Notifier, notifier);
  container.constant(Translator, i18nTranslator(createTestI18n(language)));
  bindCoreHttp(container);
  const http = container.get(HttpClient);
  disposers.push(() => void container.get(LazyHttpClient).dispose());
  return { http, refresher: container.get(TokenRefresher), session, notifier, ready: container.get(LazyHttpClient).warmUp() };
}

export function createSession(): SessionStore {
  const session = new SessionStore(window.localStorage);
  disposers.push(() => session.dispose());
  return session;
}

export function disposeHarnesses(): void {
  disposers.splice(0).forEach((dispose) => dispose());
}

/** A promise the test settles itself, to hold a handler at a chosen moment. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
