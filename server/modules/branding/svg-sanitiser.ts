import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { looksLikeSvg } from './svg-structure';

/** What is left of an SVG once cleaned, and whether anything had to go. */
export interface SanitisedSvg {
  /** The SVG as XML, its root `<svg>` carrying its namespaces, ready to serve as image/svg+xml. */
  svg: string;
  /** True when a script, event handler, external reference, foreignObject or animation was removed. */
  cleaned: boolean;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Element names that only ever carry active or external content in a logo. */
const FORBIDDEN_TAGS = [
  'script',
  'foreignObject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'animate',
  'set',
  'animateMotion',
  'animateTransform',
  'handler',
  'listener',
];

/** A CSS reference to anything but a fragment of this document (`url(#gradient)` stays). */
const EXTERNAL_CSS = /url\s*\(\s*['"]?\s*(?!#)|@import|expression\s*\(/i;

/** Attributes that point somewhere: only references inside the document (`#id`) are kept. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);

/** What DOMPurify reports removing that was never part of the SVG: the parsing wrapper, comments. */
const WRAPPER_NODES = new Set(['html', 'head', 'body', '#comment']);

let purifier: DOMPurify | null = null;
let window: JSDOM['window'] | null = null;

/** One jsdom window and DOMPurify instance for the process: building them costs tens of milliseconds. */
function instance(): { purify: DOMPurify; window: JSDOM['window'] } {
  if (!purifier || !window) {
    window = new JSDOM('').window;
    purifier = createDOMPurify(window);
  }
  return { purify: purifier, window };
}

/**
 * Cleans an SVG logo with DOMPurify on jsdom: scripts, event handlers (`onload`…), `javascript:` and every other
 * reference outside the document (`<image href="https://…">`, `<use xlink:href="http://…">`, CSS `url(…)` and
 * `@import`, also inside a `<style>`), `<foreignObject>`, animations and embedded documents are removed, and the
 * answer says whether anything was. Returns null when the text is not an SVG document with one `<svg>` root.
 * @example sanitiseSvg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') // { svg: '<svg xmlns=…/>', cleaned: true }
 */
export function sanitiseSvg(text: string): SanitisedSvg | null {
  if (!looksLikeSvg(text)) return null;
  const { purify, window } = instance();
  let removedByHook = 0;
  purify.removeAllHooks();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    const external = (REFERENCE_ATTRIBUTES.has(name) && !value.startsWith('#')) || EXTERNAL_CSS.test(value);
    if (external) {
      data.keepAttr = false;
      removedByHook += 1;
    }
  });
  try {
    const body = purify.sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: FORBIDDEN_TAGS,
      RETURN_DOM: true,
    }) as unknown as HTMLElement;
    // A style sheet stays (design tools write their fills as classes) unless it loads or imports anything.
    let removedStyles = 0;
    for (const style of Array.from(body.querySelectorAll('style'))) {
      if (EXTERNAL_CSS.test(style.textContent ?? '')) {
        style.remove();
        removedStyles += 1;
      }
    }
    // DOMPurify lists what it took out; the document wrapper it builds around the text is not part of the logo.
    const cleaned =
      removedByHook > 0 ||
      removedStyles > 0 ||
      purify.removed.some((entry) =>
        'attribute' in entry
          ? entry.attribute !== null
          : !WRAPPER_NODES.has(entry.element.nodeName.toLowerCase()),
      );
    const root = body.firstElementChild;
    if (
      !root ||
      root.localName !== 'svg' ||
      root.namespaceURI !== SVG_NAMESPACE ||
      body.childElementCount !== 1
    )
      return null;
    const svg = new window.XMLSerializer().serializeToString(root);
    return { svg, cleaned };
  } finally {
    purify.removeAllHooks();
  }
}
