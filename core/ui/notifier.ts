import { token } from '../di/container';

/** Toasts. The HTTP pipeline shows errors through it; screens show successes and infos. */
export interface Notifier {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}
export const Notifier = token<Notifier>('core.notifier');
