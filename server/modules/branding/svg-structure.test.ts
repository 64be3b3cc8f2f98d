import { describe, expect, it } from 'vitest';
import { looksLikeSvg, measureSvg } from './svg-structure';

describe('measureSvg', () => {
  it('counts elements and the deepest nesting, self-closing ones included', () => {
    expect(measureSvg('<svg><g><rect/><g><circle r="1"/></g></g><path d="M0 0"></path></svg>')).toEqual({
      elements: 6,
      depth: 4,
    });
  });

  it('skips the declaration, doctype, comments and CDATA, whatever they contain', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE svg><!-- <g><g><g> --><svg><style><![CDATA[ a > b { } <g> ]]></style></svg>';
    expect(measureSvg(text)).toEqual({ elements: 2, depth: 2 });
  });

  it('reads past a > or /> inside a quoted attribute value', () => {
    expect(measureSvg(`<svg><text title="a > b" alt='c/>'><tspan/></text></svg>`)).toEqual({
      elements: 3,
      depth: 3,
    });
  });

  it('measures a document that never closes as far as it goes', () => {
    expect(measureSvg('<svg><g><g><g')).toEqual({ elements: 4, depth: 4 });
  });
});

describe('looksLikeSvg', () => {
  it('takes a declaration, comments and a plain doctype before the root <svg>, and nothing else', () => {
    expect(
      looksLikeSvg(
        '\uFEFF <?xml version="1.0"?>\n<!-- a -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<svg/>',
      ),
    ).toBe(true);
    expect(looksLikeSvg('<!-- a --><SVG width="1">')).toBe(true);
    expect(looksLikeSvg('<!DOCTYPE svg [<!ENTITY a "b">]><svg/>')).toBe(false);
    expect(looksLikeSvg('<!doctype html><svg/>')).toBe(false);
    expect(looksLikeSvg('<svgx/>')).toBe(false);
    expect(looksLikeSvg('<!-- never closed <svg/>')).toBe(false);
  });

  // A regular expression with a repeated comment group backtracked for minutes on 8 KB of this.
  it('reads 100,000 comments in one pass, whether an <svg> follows or not', () => {
    const comments = '<!-- -->'.repeat(100_000);
    expect(looksLikeSvg(`${comments}x`)).toBe(false);
    expect(looksLikeSvg(`${comments}<svg/>`)).toBe(true);
  });
});
