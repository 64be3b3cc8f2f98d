/** What a sideways-scrolling row measures: the element's scroll position and sizes, and its direction. */
export interface RowScroll {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
  rtl: boolean;
}

/**
 * Which physical sides of a sideways-scrolling row hide content. A right-to-left row starts scrolled to its right
 * end and scrolls with a negative `scrollLeft` (as browsers report it today), so its hidden "rest" is on the left.
 * One pixel of slack: browsers round fractional widths.
 */
export function hiddenSides({ scrollLeft, scrollWidth, clientWidth, rtl }: RowScroll): {
  left: boolean;
  right: boolean;
} {
  const fromStart = Math.abs(scrollLeft);
  const before = fromStart > 1;
  const after = scrollWidth - clientWidth - fromStart > 1;
  return rtl ? { left: after, right: before } : { left: before, right: after };
}
