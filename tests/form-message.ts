import { screen, waitFor } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { AntdNotifier } from '../core/ui/antd-notifier';

/**
 * Watches the error and info toasts of one test, so it can say a server refusal was shown in the screen and not
 * over the page as well (#39 item 3: a toast covers the brand and the language switcher, and says nothing at the
 * field).
 * @example const toasts = watchToasts(); … await expectInFormOnly('Invalid email or password', toasts);
 */
export function watchToasts() {
  const error = vi.spyOn(AntdNotifier.prototype, 'error');
  const info = vi.spyOn(AntdNotifier.prototype, 'info');
  const success = vi.spyOn(AntdNotifier.prototype, 'success');
  onTestFinished(() => {
    error.mockRestore();
    info.mockRestore();
    success.mockRestore();
  });
  return { error, info, success };
}

export type WatchedToasts = ReturnType<typeof watchToasts>;

/** No error or info toast carried the text. */
export function expectNoToast(text: string, toasts: WatchedToasts): void {
  expect(toasts.error).not.toHaveBeenCalledWith(text);
  expect(toasts.info).not.toHaveBeenCalledWith(text);
}

/** The text is shown once, inside the form, and no toast carried it. */
export async function expectInFormOnly(text: string, toasts: WatchedToasts): Promise<void> {
  const shown = await screen.findByText(text);
  expect(shown.closest('form')).not.toBeNull();
  expectNoToast(text, toasts);
}

/** An antd form's field shows the text as its error, and no toast carried it. */
export async function expectAtFieldOnly(
  field: HTMLElement,
  text: string,
  toasts: WatchedToasts,
): Promise<void> {
  await waitFor(() =>
    expect(field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
      text,
    ),
  );
  expectNoToast(text, toasts);
}
