import { UAParser } from 'ua-parser-js';
import type { ActivityDevice } from '../../../contract/v1/activity-log';

const UNKNOWN: ActivityDevice = { browser: null, os: null, type: null };

/**
 * The browser and operating system a user agent names (ua-parser-js), as people read them: "Chrome 120",
 * "Windows 10". Major versions only: the full build number says nothing to a person checking their sessions.
 */
export function deviceOf(userAgent: string | null | undefined): ActivityDevice {
  if (!userAgent) return UNKNOWN;
  const { browser, os, device } = UAParser(userAgent);
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version].filter(Boolean).join(' ') : null;
  return {
    browser: named(browser.name, browser.major),
    os: named(os.name, os.version),
    type: device.type ?? null,
  };
}
