import { useEffect, useState } from 'react';

/**
 * Gives focus back to the control that opened a dialog when the dialog leaves the page (WCAG 2.4.3,
 * docs/accessibility.md). antd's Modal does this itself only when it stays mounted and closes; the portal's dialogs
 * are mounted while open and unmounted on close (each loads when first opened), so focus would fall to the page's
 * body and a keyboard user would start again from the top. Call it at the top of such a dialog's component.
 */
export function useReturnFocus(): void {
  // Read during the first render, before the dialog's commit can move focus inside it (autoFocus, antd's Modal).
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // After the dialog's nodes are gone; a user who moved focus elsewhere on purpose keeps it there.
      requestAnimationFrame(() => {
        const current = document.activeElement;
        if (opener?.isConnected && (current === null || current === document.body)) opener.focus();
      });
    },
    [opener],
  );
}
