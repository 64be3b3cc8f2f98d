import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { hiddenSides } from './hidden-sides';
import './area-tabs.css';

export interface AreaTab {
  key: string;
  to: string;
  label: ReactNode;
}

export interface AreaTabsProps {
  /** The navigation's accessible name, in the page's language. */
  label: string;
  tabs: AreaTab[];
}

/**
 * The tabs between the pages of one area (billing, the organisation, the user's own pages), in one row under the
 * page's title. When they do not fit (a phone, a long language) the row scrolls sideways instead of wrapping into
 * two or three rows: the current tab is brought into sight and the side that hides more tabs fades out, so the row
 * says it goes on (issue #39). Each tab is a link; the current one is `aria-current="page"`.
 */
export function AreaTabs({ label, tabs }: AreaTabsProps) {
  const row = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // The current tab in sight, without moving the page itself (block: 'nearest').
  useLayoutEffect(() => {
    row.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  // The faded sides follow scrolling and resizing (a turned phone, another language's labels).
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const mark = () => {
      const sides = hiddenSides({
        scrollLeft: element.scrollLeft,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        rtl: getComputedStyle(element).direction === 'rtl',
      });
      element.toggleAttribute('data-more-left', sides.left);
      element.toggleAttribute('data-more-right', sides.right);
    };
    mark();
    element.addEventListener('scroll', mark, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, [tabs.length]);

  return (
    <nav ref={row} aria-label={label} className="portal-area-tabs">
      {tabs.map((tab) => (
        <NavLink key={tab.key} to={tab.to} className="portal-area-tabs__link" end>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
