import type { ActivityDevice } from '@contract/v1/activity-log';
import type { TFunction } from 'i18next';

/** 'Chrome on Windows', one part alone when the other was not recognised, else 'Unknown device'. */
export function deviceText(t: TFunction, device: ActivityDevice): string {
  if (device.browser && device.os) return t('table.deviceText', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? t('table.unknownDevice');
}
