/**
 * Opening app tabs. The tab is opened synchronously inside the click handler, before the launch call, because
 * browsers only allow pop-ups during the click's user activation (Safari ends it at the first `await`); it is
 * pointed at its destination once the launch token arrives.
 */
export interface LaunchTab {
  go(url: string): void;
  /** The launch failed: close the tab if it is still the blank one this launch opened. */
  discard(): void;
}

function stillBlank(win: Window): boolean {
  try {
    return win.location.href === 'about:blank';
  } catch {
    // Cross-origin: the product was already open in that tab; leave it alone.
    return false;
  }
}

/**
 * A first-party app's named tab (config `appTabPrefix` + the app's tab name), so launching again reuses it.
 * The empty URL does not navigate a tab that already has this name: an open product keeps its page until the
 * new URL is known.
 */
export function openNamedTab(name: string): LaunchTab {
  const win = window.open('', name);
  return {
    go: (url) => {
      if (win && !win.closed) win.location.href = url;
      else window.open(url, name);
    },
    discard: () => {
      if (win && !win.closed && stillBlank(win)) win.close();
    },
  };
}

/**
 * A new tab for a partner app, cut off from the portal as `noopener` would: `window.open(…, 'noopener')` returns
 * no handle to navigate later, so the opener link is severed by hand before the partner's page loads.
 */
export function openDetachedTab(): LaunchTab {
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  return {
    go: (url) => {
      if (win && !win.closed) win.location.replace(url);
      else window.open(url, '_blank', 'noopener');
    },
    discard: () => {
      if (win && !win.closed) win.close();
    },
  };
}

/** A partner app without single sign-on: its own URL, nothing of the portal's passed along. */
export function openPartnerPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** `url` with the launch parameters added to whatever query it already has. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url, window.location.href);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
