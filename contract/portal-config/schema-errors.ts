import type { ErrorObject } from 'ajv';

/** The value at a JSON pointer: the validator is compiled without `verbose`, which would ship the whole schema. */
function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      document,
    );
}

function describe(error: ErrorObject, document: unknown): { path: string; reason: string } {
  const path = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const child = `${error.instancePath}/${key}`;
      return error.instancePath === '/plugins'
        ? { path: child, reason: `unknown plugin id "${key}" (no such plugin in this build)` }
        : { path: child, reason: `unknown key "${key}"` };
    }
    case 'required':
      return { path: `${error.instancePath}/${String(params.missingProperty)}`, reason: 'is required' };
    case 'pattern':
      return error.schemaPath.includes('hexColor')
        ? {
            path,
            reason: `must be a hex colour of 6 or more digits, like #0B1F44 (got "${String(valueAt(document, error.instancePath))}")`,
          }
        : {
            path,
            reason: `${error.message ?? 'is invalid'} (got "${String(valueAt(document, error.instancePath))}")`,
          };
    case 'enum':
      return {
        path,
        reason: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { path, reason: error.message ?? 'is invalid' };
  }
}

/** One line per failing JSON path, each with why; duplicates from `allOf` branches are dropped. */
export function formatSchemaErrors(errors: ErrorObject[] | null | undefined, document: unknown): string[] {
  const lines = (errors ?? [])
    .map((e) => describe(e, document))
    .map(({ path, reason }) => `${path}: ${reason}`);
  return [...new Set(lines)];
}
