/**
 * The part of jsdom the SVG sanitiser uses (jsdom ships no types and @types/jsdom is not installed): a window
 * DOMPurify can run on, and its XMLSerializer.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
