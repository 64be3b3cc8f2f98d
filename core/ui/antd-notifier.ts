import { message } from 'antd';
import { injectable } from '../di/container';
import type { Notifier } from './notifier';

/**
 * Toasts through antd's static `message` API (the entry must import `@ant-design/v5-patch-for-react-19`
 * first, or nothing renders). The text is the key, so the same message raised by several requests
 * at once shows once instead of stacking.
 * @example
 * container.singleton(Notifier, AntdNotifier);
 */
@injectable()
export class AntdNotifier implements Notifier {
  success(text: string): void {
    void message.success({ content: text, key: `success:${text}` });
  }

  error(text: string): void {
    void message.error({ content: text, key: `error:${text}` });
  }

  info(text: string): void {
    void message.info({ content: text, key: `info:${text}` });
  }
}
