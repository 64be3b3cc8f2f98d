import { CaptchaError } from './captcha';

const pending = new Map<string, { script: HTMLScriptElement; loading: Promise<void> }>();

/**
 * Adds a third-party script once per URL. A failed load is forgotten so the next attempt retries,
 * which is what a user on a flaky connection needs after 'Please try again.'.
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = pending.get(src);
  // A script somebody removed from the page (a test, a consent manager) must be added again.
  if (known?.script.isConnected) return known.loading;
  const script = doc.createElement('script');
  const loading = new Promise<void>((resolve, reject) => {
    script.src = src;
    script.async = true;
    script.defer = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        pending.delete(src);
        script.remove();
        reject(new CaptchaError(`could not load ${src}`));
      },
      { once: true },
    );
    doc.head.append(script);
  });
  pending.set(src, { script, loading });
  return loading;
}

/** For tests: forget every script added so far. */
export function resetLoadedScripts(): void {
  pending.clear();
}

/** Rejects with a CaptchaError when the provider neither answers nor fails within the time. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CaptchaError('captcha timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof CaptchaError ? error : new CaptchaError(String(error)));
      },
    );
  });
}
