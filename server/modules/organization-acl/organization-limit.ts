import { readFile } from 'node:fs/promises';
import type { ServerConfig } from '../../config';

/** The product's limit when neither the environment nor portal.config.json names one (docs/access-control.md). */
export const DEFAULT_ORGANIZATION_LIMIT = 5;

/**
 * How many business organisations one user may own: ORGANIZATION_LIMIT when set, else the deployment's
 * portal.config.json `organizationLimit` (the number the portal's message quotes), else 5. The file is read at
 * each call, like the portal reads it, so one edit changes both sides.
 */
export async function organizationLimit(
  config: Pick<ServerConfig, 'organizationLimit' | 'portalConfigFile'>,
): Promise<number> {
  if (config.organizationLimit !== null) return config.organizationLimit;
  try {
    const parsed = JSON.parse(await readFile(config.portalConfigFile, 'utf8')) as {
      organizationLimit?: unknown;
    };
    const value = parsed.organizationLimit;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  } catch {
    // No readable portal.config.json (a server-only deployment): the product's default.
  }
  return DEFAULT_ORGANIZATION_LIMIT;
}
