import { useEffect, useRef, type RefObject } from 'react';

/** Input types whose Enter submits their form in a browser (HTML implicit submission); a checkbox's does not. */
const SUBMITTING_INPUT_TYPES = new Set([
  'text',
  'email',
  'password',
  'tel',
  'number',
  'search',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/**
 * Enter in a field submits the form even while the submit button waits for the check of the rules.
 *
 * The button stays disabled until every rule passes (docs/validation-rules.md), and that check is asynchronous. An
 * Enter pressed right after the last keystroke, or after an autofill, met a disabled button, which the browser's
 * implicit submission ignores: nothing happened, most often on a slow phone. So while the button is disabled by
 * the rules alone (`waitingOnRules`), Enter goes to `submit`, which checks every rule itself. It sends valid values
 * and shows what is wrong otherwise. An enabled button is left to the browser; a busy or otherwise disabled one
 * means no.
 *
 * The listener sits on the document: it runs after the controls' own handlers, so a control that uses Enter itself
 * (an open select list) has already said so with preventDefault, and it also works in a dialog's portal.
 */
export function useEnterSubmits(
  button: RefObject<HTMLButtonElement | null>,
  waitingOnRules: boolean,
  submit: () => void,
): void {
  const latest = useRef({ waitingOnRules, submit });
  latest.current = { waitingOnRules, submit };
  useEffect(() => {
    const element = button.current;
    if (!element) return;
    const document = element.ownerDocument;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
      const field = event.target;
      if (!(field instanceof HTMLInputElement) || !SUBMITTING_INPUT_TYPES.has(field.type)) return;
      if (!element.form || field.form !== element.form) return;
      if (!element.disabled || !latest.current.waitingOnRules) return;
      event.preventDefault();
      latest.current.submit();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [button]);
}
