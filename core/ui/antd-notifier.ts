import { injectable } from '../di/container';
import type { Notifier } from './notifier';

type Kind = 'success' | 'error' | 'info';

// antd's message (with its notification and motion code) loads on the first toast, not with the login page.
const loadMessage = () => import('./antd-message').then((m) => m.message);

/**
 * Toasts through antd's static `message` API (./antd-message.ts applies antd's React 19 patch). The text is the
 * key, so the same message raised by several requests at once shows once instead of stacking.
 * @example
 * container.singleton(Notifier, AntdNotifier);
 */
@injectable()
export class AntdNotifier implements Notifier {
  success(text: string): void {
    this.show('success', text);
  }

  error(text: string): void {
    this.show('error', text);
  }

  info(text: string): void {
    this.show('info', text);
  }

  private show(kind: Kind, text: string): void {
    void loadMessage().then((message) => message[kind]({ content: text, key: `${kind}:${text}` }));
  }
}
