/**
 * The pseudo-locale's language code, apart from its transform (./pseudo-locale.ts): boot and the locale backend
 * need only the code, and the transform loads only when that language is asked for (docs/performance.md).
 */
export const PSEUDO_LOCALE = 'en-XA';
